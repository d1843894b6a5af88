// Package evalweights reads and writes the weights file of the engine's
// pattern evaluation: the file package engine embeds (engine/patterns.hxw)
// and the tuner writes (internal/cmd/tune fit and write).
//
// The format, version 1, little-endian throughout:
//
//	offset  size        field
//	0       4           magic "HXDW"
//	4       2           version, 1
//	6       2           flags, 0 (other values are refused)
//	8       4           layout: the fingerprint of the features the weights
//	                    are for (package engine's, see Layout there); a file
//	                    of another layout is refused by the engine
//	12      4           L, the number of linear features
//	16      4           P, the number of pattern weights (0 for none)
//	20      8·L         each linear feature's middle-game and ending
//	                    weight, int32 each, in hundredths of a man
//	20+8L   4·P         each pattern weight's middle-game and ending value,
//	                    int16 each, in sixteenths of a hundredth of a man
//	                    (PatternUnit)
//	20+8L+4P 4          CRC-32 (IEEE) of every byte before it
//
// A file is exactly that long: trailing bytes, a short file, a wrong
// checksum, magic, version or flags, or counts beyond MaxLinear and
// MaxPatterns are errors (wrapping ErrFormat), never a panic. With the
// engine's 53 linear features and 20,628 pattern weights a file is 82,960
// bytes.
package evalweights

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
)

// The format's constants.
const (
	Magic       = "HXDW"
	Version     = 1
	HeaderSize  = 20
	MaxLinear   = 1 << 12
	MaxPatterns = 1 << 22
	// PatternUnit is the number of a pattern value's units in a hundredth
	// of a man.
	PatternUnit = 16
)

// ErrFormat is wrapped by the errors of a file that is not a valid
// weights file.
var ErrFormat = errors.New("not a valid weights file")

// A File is the content of a weights file.
type File struct {
	// Layout is the fingerprint of the features the weights are for.
	Layout uint32
	// Linear holds each linear feature's middle-game and ending weight,
	// in hundredths of a man.
	Linear [][2]int32
	// Patterns holds each pattern weight's middle-game and ending value,
	// in 1/PatternUnit of a hundredth of a man; empty for an evaluation
	// without patterns.
	Patterns [][2]int16
}

// Size returns the length of f's encoding.
func (f *File) Size() int { return HeaderSize + 8*len(f.Linear) + 4*len(f.Patterns) + 4 }

// Encode returns f in the format, or an error for counts beyond MaxLinear
// or MaxPatterns.
func (f *File) Encode() ([]byte, error) {
	if len(f.Linear) > MaxLinear || len(f.Patterns) > MaxPatterns {
		return nil, fmt.Errorf("%d linear and %d pattern weights: at most %d and %d", len(f.Linear), len(f.Patterns), MaxLinear, MaxPatterns)
	}
	b := make([]byte, 0, f.Size())
	b = append(b, Magic...)
	b = binary.LittleEndian.AppendUint16(b, Version)
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = binary.LittleEndian.AppendUint32(b, f.Layout)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(f.Linear)))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(f.Patterns)))
	for _, w := range f.Linear {
		b = binary.LittleEndian.AppendUint32(b, uint32(w[0]))
		b = binary.LittleEndian.AppendUint32(b, uint32(w[1]))
	}
	for _, w := range f.Patterns {
		b = binary.LittleEndian.AppendUint16(b, uint16(w[0]))
		b = binary.LittleEndian.AppendUint16(b, uint16(w[1]))
	}
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

func formatError(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
}

// Decode reads a file in the format, checking its length and checksum.
func Decode(b []byte) (*File, error) {
	if len(b) < HeaderSize+4 {
		return nil, formatError("%d bytes, shorter than a header", len(b))
	}
	if string(b[:4]) != Magic {
		return nil, formatError("magic %q, want %q", b[:4], Magic)
	}
	le := binary.LittleEndian
	if v := le.Uint16(b[4:]); v != Version {
		return nil, formatError("version %d, want %d", v, Version)
	}
	if fl := le.Uint16(b[6:]); fl != 0 {
		return nil, formatError("flags %#x, want 0", fl)
	}
	nl, np := le.Uint32(b[12:]), le.Uint32(b[16:])
	if nl > MaxLinear || np > MaxPatterns {
		return nil, formatError("%d linear and %d pattern weights: at most %d and %d", nl, np, MaxLinear, MaxPatterns)
	}
	f := &File{Layout: le.Uint32(b[8:]), Linear: make([][2]int32, nl), Patterns: make([][2]int16, np)}
	if len(b) != f.Size() {
		return nil, formatError("%d bytes, want %d for %d linear and %d pattern weights", len(b), f.Size(), nl, np)
	}
	body := b[:len(b)-4]
	if sum, want := crc32.ChecksumIEEE(body), le.Uint32(b[len(body):]); sum != want {
		return nil, formatError("checksum %08x, the file says %08x", sum, want)
	}
	at := HeaderSize
	for i := range f.Linear {
		f.Linear[i] = [2]int32{int32(le.Uint32(b[at:])), int32(le.Uint32(b[at+4:]))}
		at += 8
	}
	for i := range f.Patterns {
		f.Patterns[i] = [2]int16{int16(le.Uint16(b[at:])), int16(le.Uint16(b[at+2:]))}
		at += 4
	}
	return f, nil
}

// ReadFile reads and decodes the weights file name.
func ReadFile(name string) (*File, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	f, err := Decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// WriteFile writes f to the file name, through a temporary file renamed
// over it, so that a reader never sees a half-written file.
func (f *File) WriteFile(name string) error {
	b, err := f.Encode()
	if err != nil {
		return err
	}
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}
