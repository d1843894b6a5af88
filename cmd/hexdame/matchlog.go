package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// A protocolLog is the -log file: every line exchanged with every engine.
// It keeps the first error writing it, for the match to report.
type protocolLog struct {
	mu    sync.Mutex
	f     *os.File
	start time.Time
	err   error
}

// failed returns the first error writing the log, or nil.
func (l *protocolLog) failed() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// close closes the log file and returns the first error writing it.
func (l *protocolLog) close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.f.Close(); l.err == nil {
		l.err = err
	}
	return l.err
}

// writer returns the log's writer for the engine process named prefix.
func (l *protocolLog) writer(prefix string) io.Writer {
	if l == nil {
		return nil
	}
	return logWriter{l, prefix}
}

type logWriter struct {
	l      *protocolLog
	prefix string
}

// Write writes one line of the client's log with the time and the engine.
// After an error it writes nothing more.
func (w logWriter) Write(p []byte) (int, error) {
	w.l.mu.Lock()
	defer w.l.mu.Unlock()
	if w.l.err != nil {
		return 0, w.l.err
	}
	if _, err := fmt.Fprintf(w.l.f, "%.3f %s %s", time.Since(w.l.start).Seconds(), w.prefix, p); err != nil {
		w.l.err = err
		return 0, err
	}
	return len(p), nil
}
