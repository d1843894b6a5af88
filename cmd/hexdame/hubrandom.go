package main

import (
	"context"
	"flag"
	"strconv"

	"github.com/hexdame/hexdame/hub"
)

var cmdHubRandom = &command{
	name:    "hub-random",
	args:    "[-seed S] [-spend-time]",
	summary: "run a Hub engine that plays random legal moves",
	about: "Speaks the Hub protocol (HUB.md) on standard input and output as an engine that\n" +
		"plays a uniformly random legal move: the baseline opponent for hexdame match,\n" +
		"and a quick partner for testing GUIs. It declares two parameters, which set-param\n" +
		"(or match's -param) can also set: seed, the seed of its choices (0: from the\n" +
		"clock; the same seed and searches give the same moves), and spend-time, whether\n" +
		"it waits the time its limits give before answering, like a thinking engine. It\n" +
		"stops at quit or at the end of its input.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		seed := fs.Uint64("seed", 0, "the seed of the random choices (0: from the clock)")
		spend := fs.Bool("spend-time", false, "spend the time the limits give before answering")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			eng := hub.NewRandomMover(*seed)
			if err := eng.SetParam("spend-time", strconv.FormatBool(*spend)); err != nil {
				return err
			}
			return hub.Serve(context.Background(), e.stdin, e.stdout, eng)
		}
	},
}
