package evalweights

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

func sample() *File {
	return &File{
		Layout:   0xdeadbeef,
		Linear:   [][2]int32{{100, 21}, {-5, 1 << 30}, {-1 << 31, 7}},
		Patterns: [][2]int16{{1, -1}, {32767, -32768}, {0, 0}, {-16, 16}},
	}
}

// A file reads back as it was written, through bytes and through a file.
func TestRoundTrip(t *testing.T) {
	for _, f := range []*File{sample(), {Linear: [][2]int32{}, Patterns: [][2]int16{}}} {
		b, err := f.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != f.Size() {
			t.Errorf("%d bytes, Size says %d", len(b), f.Size())
		}
		g, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(f, g) {
			t.Errorf("read back %+v, wrote %+v", g, f)
		}
	}
	name := filepath.Join(t.TempDir(), "w.hxw")
	if err := sample().WriteFile(name); err != nil {
		t.Fatal(err)
	}
	g, err := ReadFile(name)
	if err != nil || !reflect.DeepEqual(g, sample()) {
		t.Errorf("ReadFile: %+v, %v", g, err)
	}
}

// Every corruption of a byte, every truncation and an extra byte are
// errors wrapping ErrFormat.
func TestCorrupt(t *testing.T) {
	b, err := sample().Encode()
	if err != nil {
		t.Fatal(err)
	}
	for i := range b {
		for _, x := range []byte{1, 0x80, 0xff} {
			c := bytes.Clone(b)
			c[i] ^= x
			if _, err := Decode(c); !errors.Is(err, ErrFormat) {
				t.Fatalf("byte %d ^ %#x: %v", i, x, err)
			}
		}
	}
	for n := range len(b) {
		if _, err := Decode(b[:n]); !errors.Is(err, ErrFormat) {
			t.Fatalf("the first %d bytes: %v", n, err)
		}
	}
	if _, err := Decode(append(bytes.Clone(b), 0)); !errors.Is(err, ErrFormat) {
		t.Fatalf("a byte more: %v", err)
	}
	if _, err := (&File{Patterns: make([][2]int16, MaxPatterns+1)}).Encode(); err == nil {
		t.Error("too many pattern weights encoded")
	}
}

// Decode never panics, and what it accepts encodes to the same bytes.
func FuzzDecode(f *testing.F) {
	b, _ := sample().Encode()
	f.Add(b)
	f.Add([]byte("HXDW"))
	f.Add(b[:HeaderSize])
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		again, err := w.Encode()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("accepted %x, encodes to %x, %v", data, again, err)
		}
	})
}
