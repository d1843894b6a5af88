package main

import (
	"errors"
	"io"
)

func cmdValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
func cmdConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
func cmdRandom(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return errors.New("not built yet")
}
