//go:build !(js && wasm)

// Command wasm is the rules and the engine of the static site; it is
// built with GOOS=js GOARCH=wasm (see main.go). Built for another
// target, it says so and exits with status 2.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this program is built with GOOS=js GOARCH=wasm for the static site of hexdame serve -export")
	os.Exit(2)
}
