package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hexdame/hexdame/engine"
	"github.com/hexdame/hexdame/internal/web"
)

var cmdServe = &command{
	name:    "serve",
	args:    "[-addr HOST:PORT] [-tables DIR [-tables-pieces N]] [-hash MiB] [-threads N] [-export DIR]",
	summary: "serve the board in a browser: play the engine, analyze, read and write games",
	about: "Serves one page, embedded in the tool, at http://ADDR/: the board, play against\n" +
		"the engine at levels 1 to 10 with clocks, the analysis (lines, evaluation,\n" +
		"depth, an evaluation graph), the game tree with variations and comments, PDN and\n" +
		"FEN in and out, a position editor, and with -tables the endgame tables' verdicts.\n" +
		"Each browser tab has its own game. It prints the address on standard output and\n" +
		"serves until interrupted.\n" +
		"\n" +
		"It binds to 127.0.0.1 (this machine only) by default, and on a loopback address\n" +
		"answers only requests for localhost or a loopback address, so that a web site\n" +
		"rebinding its name to 127.0.0.1 cannot reach it. On a public address (or every\n" +
		"interface, an empty HOST), which it warns of on standard error, anyone who\n" +
		"reaches it can use it, without a password or TLS; it protects itself against the\n" +
		"usual abuse: request bodies over 2 MiB are refused, at most 2 searches run at\n" +
		"once (each with its own -hash table) and 8 analysis streams are open, an\n" +
		"analysis ends after 10 minutes, once its result is proven and when its page\n" +
		"stops it, leaves or closes, searches take only positions a game reaches and\n" +
		"whose moves take a bounded work, at most 64 games are kept (the one unused\n" +
		"longest is dropped; each holds at most 10 MiB), a game holds at most 20,000\n" +
		"moves and 1 MiB of comments, PDN imports are bounded in size and work, and slow\n" +
		"or idle clients are dropped after timeouts.\n" +
		"\n" +
		"With -export DIR it writes the same page as a static site into DIR instead, in\n" +
		"which the rules and the engine run in the browser as WebAssembly (in Web\n" +
		"Workers): any static file host serves it. The WebAssembly is built from the\n" +
		"module's source with the go command (GOOS=js GOARCH=wasm go build), so -export\n" +
		"runs in a clone of the module with Go installed; the build takes seconds, or\n" +
		"about a minute with an empty build cache, and says how it goes on standard\n" +
		"error. DIR is written only once the build has succeeded: interrupted (Ctrl-C,\n" +
		"SIGTERM), the build and the compilers it runs are killed and DIR is left as it\n" +
		"was (exit status 2). Files of the site's names in DIR are replaced; a symbolic\n" +
		"link of such a name is replaced by the file, never written through.",
	setup: func(fs *flag.FlagSet) func(e *env) error {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (an empty HOST is every interface; an empty value is refused)")
		tablesDir := addTablesFlag(fs)
		hash := fs.Int("hash", engine.DefaultHashMiB, "the `MiB` of each search's transposition table")
		threads := fs.Int("threads", 1, "the `threads` of each search")
		export := fs.String("export", "", "write the static site into `DIR` and exit")
		return func(e *env) error {
			if err := noArgs(e); err != nil {
				return err
			}
			if flagGiven(fs, "export") {
				if strings.TrimSpace(*export) == "" {
					// As -addr "": not a value to serve on by default.
					return usageError{"-export: empty directory, want the DIR to write the site into"}
				}
				ctx, stop := exportContext()
				defer stop()
				files, err := web.Export(ctx, *export, func(msg string) { fmt.Fprintf(e.stderr, "hexdame serve: %s\n", oneLine(msg)) })
				if err != nil {
					if ctx.Err() != nil {
						return usageError{"-export: interrupted: the build was stopped and nothing written into " + *export}
					}
					return usageError{"-export: " + err.Error()}
				}
				for _, f := range files {
					if _, err := fmt.Fprintln(e.stdout, f); err != nil {
						return err
					}
				}
				return nil
			}
			if err := checkAddr(*addr); err != nil {
				return err
			}
			if *hash < 1 || *hash > engine.MaxHashMiB {
				return usageError{fmt.Sprintf("-hash must be from 1 to %d, not %d", engine.MaxHashMiB, *hash)}
			}
			if *threads < 1 || *threads > engine.MaxThreads {
				return usageError{fmt.Sprintf("-threads must be from 1 to %d, not %d", engine.MaxThreads, *threads)}
			}
			tables, err := tablesDir.open()
			if err != nil {
				return err
			}
			hashMiB := 0 // the default, smaller where it does not fit
			if flagGiven(fs, "hash") {
				hashMiB = *hash
			}
			opts := engine.Options{HashMiB: hashMiB, Threads: *threads, Endgame: tables.ProbeFunc(), EndgamePieces: tables.MaxPieces()}
			eng, err := engine.New(opts) // the options checked, the memory tried, before serving
			if err != nil {
				return usageError{err.Error()}
			}
			noteHash(e, "serve", hashMiB, eng.Options().HashMiB)
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return usageError{"-addr: " + err.Error()}
			}
			// On a loopback address the server answers only requests
			// for this machine's names (no DNS rebinding).
			tcp, ok := ln.Addr().(*net.TCPAddr)
			loopback := ok && tcp.IP.IsLoopback()
			srv := web.NewServer(web.Config{Engine: opts, Tables: tables, Loopback: loopback}).HTTPServer(*addr)
			if _, err := fmt.Fprintf(e.stdout, "serving the board at http://%s/\n", ln.Addr()); err != nil {
				ln.Close()
				return err
			}
			if !loopback {
				fmt.Fprintf(e.stderr, "hexdame serve: %s\n", publicWarning(ln.Addr()))
			}
			served := make(chan error, 1)
			go func() { served <- srv.Serve(ln) }()
			select {
			case err := <-served:
				return usageError{err.Error()}
			case <-serveStop():
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
				srv.Close()
			}
			return nil
		}
	},
}

// exportContext returns the context of an export, which an interrupt or
// a termination signal ends, and the function that lets the signals go.
var exportContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// serveStop returns the channel that stops the server: closed on an
// interrupt or a termination signal. Tests replace it.
var serveStop = func() <-chan struct{} {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	stop := make(chan struct{})
	go func() {
		<-c
		signal.Stop(c)
		close(stop)
	}()
	return stop
}

// checkAddr returns a usage error, saying what is wanted, for an -addr
// that is not HOST:PORT: net.Listen's "missing port in address" for
// -addr 9000 does not say that 127.0.0.1:9000 was meant.
func checkAddr(addr string) error {
	a := strings.TrimSpace(addr)
	if a == "" {
		// net.Listen takes "" as every interface on a port of its
		// choice: not what an empty value means.
		return usageError{"-addr: empty address, want HOST:PORT such as 127.0.0.1:8080"}
	}
	if _, _, err := net.SplitHostPort(a); err == nil {
		return nil
	}
	want := "HOST:PORT such as 127.0.0.1:8080"
	switch ip := net.ParseIP(strings.Trim(a, "[]")); {
	case strings.Trim(a, "0123456789") == "":
		want = "HOST:PORT, such as 127.0.0.1:" + a + " (this machine only) or :" + a + " (every interface)"
	case ip != nil && ip.To4() == nil:
		want = "HOST:PORT, an IPv6 address in brackets, such as [" + ip.String() + "]:8080"
	case !strings.Contains(a, ":"):
		want = "HOST:PORT, such as " + a + ":8080"
	}
	return usageError{"-addr: want " + want + ", not " + quote(addr)}
}

// publicWarning says what a server on address a, not a loopback address,
// exposes, and how to keep it to this machine.
func publicWarning(a net.Addr) string {
	where := "on " + a.String() + ", an address other machines may reach"
	port := ""
	if tcp, ok := a.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if tcp.IP.IsUnspecified() {
			where = "on every interface (" + a.String() + ")"
		}
	}
	return "warning: serving the board " + where + ": anyone who can reach this machine on port " + port +
		" can use it, with no password and no TLS: play and analyse with its engine (its processor time), read and write games;" +
		" -addr 127.0.0.1:" + port + " serves this machine only"
}
