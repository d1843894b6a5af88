module github.com/hexdame/hexdame

go 1.24
