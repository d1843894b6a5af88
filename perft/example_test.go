package perft_test

import (
	"fmt"
	"runtime"

	"github.com/hexdame/hexdame"
	"github.com/hexdame/hexdame/perft"
)

func ExampleCount() {
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, perft.Count(hexdame.StartPosition(), depth, perft.Options{}))
	}
	// Output:
	// 1 15
	// 2 211
	// 3 3337
	// 4 51589
}

func ExampleDivide() {
	for _, c := range perft.Divide(hexdame.StartPosition(), 2, perft.Options{})[:3] {
		fmt.Println(c.Move, c.Nodes)
	}
	// Output:
	// d1-e1 15
	// d2-e2 15
	// d3-e3 15
}

func ExampleOptions() {
	// Share the work among the cores, with a cache of 16 MiB.
	cache, err := perft.NewCache(16)
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := perft.Options{Workers: runtime.GOMAXPROCS(0), Cache: cache}
	fmt.Println(perft.Count(hexdame.StartPosition(), 5, opts))
	var sum uint64
	for _, c := range perft.Divide(hexdame.StartPosition(), 5, opts) {
		sum += c.Nodes
	}
	fmt.Println(sum)
	// Output:
	// 848774
	// 848774
}
