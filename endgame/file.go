package endgame

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/hexdame/hexdame/internal/bigmem"
)

// The file format (version 1). A table file holds one canonical material
// (see Material.Canonical): its positions with White to move, then, unless
// the material is symmetric, its positions with Red to move, stored as the
// color-swapped material with White to move. All numbers little-endian.
//
//	offset size  field
//	0      8     magic "HXDMEGTB"
//	8      2     format version: 1
//	10     2     header size: 64
//	12     4     the canonical material: White's men, White's kings, Red's men, Red's kings (one byte each)
//	16     1     number of parts: 1 (symmetric material) or 2
//	17     7     zero
//	24     8     entries of part 1 (the canonical material, White to move)
//	32     8     entries of part 2 (the swapped material, White to move), or 0
//	40     2     the longest distance stored, in plies
//	42     14    zero
//	56     4     CRC-32C (Castagnoli) of the payload
//	60     4     CRC-32C of bytes 0..59 of the header
//	64     ...   payload: one byte per entry, part 1 then part 2
//
// An entry is the position with that index (see the package
// documentation): 0 a draw, 255 a hole (no position has that index), and
// b in 1..254 a decided position whose distance to the end of the game is
// b-1 plies, a win for the side to move when b-1 is odd, a loss when it
// is even. The file is exactly 64 bytes plus the entries long.

const (
	fileMagic     = "HXDMEGTB"
	fileVersion   = 1
	headerSize    = 64
	valueDraw     = 0
	valueHole     = 255
	maxDistance   = 253 // the longest distance a version 1 entry holds
	maxEntryValue = maxDistance + 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Errors the loading functions wrap (with errors.Is) in a *FileError.
var (
	// ErrMissing: a table file the tables need does not exist.
	ErrMissing = errors.New("table file missing")
	// ErrCorrupt: a table file is truncated, altered or not a table.
	ErrCorrupt = errors.New("table file corrupt")
	// ErrVersion: a table file of a format version this package does not
	// read.
	ErrVersion = errors.New("table file of another format version")
)

// A FileError reports a table file that cannot be used: its path and what
// was wrong. It wraps ErrMissing, ErrCorrupt, ErrVersion or the I/O error.
type FileError struct {
	Path string // the file, or the directory that could not be read
	Err  error  // ErrMissing, ErrCorrupt, ErrVersion or an I/O error
	Why  string // details, when there are any
}

// Error returns "PATH: " and what was wrong.
func (e *FileError) Error() string {
	s := e.Path + ": "
	var pe *fs.PathError
	if errors.As(e.Err, &pe) {
		s += pe.Err.Error()
	} else {
		s += e.Err.Error()
	}
	if e.Why != "" {
		s += ": " + e.Why
	}
	return s
}

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// A header is a table file's header.
type header struct {
	mat     Material
	parts   int
	sizes   [2]uint64
	longest int
	crc     uint32
}

func (h *header) encode() []byte {
	b := make([]byte, headerSize)
	copy(b, fileMagic)
	binary.LittleEndian.PutUint16(b[8:], fileVersion)
	binary.LittleEndian.PutUint16(b[10:], headerSize)
	b[12], b[13], b[14], b[15] = byte(h.mat.WhiteMen), byte(h.mat.WhiteKings), byte(h.mat.RedMen), byte(h.mat.RedKings)
	b[16] = byte(h.parts)
	binary.LittleEndian.PutUint64(b[24:], h.sizes[0])
	binary.LittleEndian.PutUint64(b[32:], h.sizes[1])
	binary.LittleEndian.PutUint16(b[40:], uint16(h.longest))
	binary.LittleEndian.PutUint32(b[56:], h.crc)
	binary.LittleEndian.PutUint32(b[60:], crc32.Checksum(b[:60], castagnoli))
	return b
}

// decodeHeader reads and checks a header against the material m its file
// is named for.
func decodeHeader(b []byte, m Material) (header, error) {
	var h header
	if len(b) < headerSize || string(b[:8]) != fileMagic {
		return h, corrupt("not a HexDame endgame table")
	}
	if v := binary.LittleEndian.Uint16(b[8:]); v != fileVersion {
		return h, &FileError{Err: ErrVersion, Why: "version " + strconv.Itoa(int(v)) + ", this program reads version " + strconv.Itoa(fileVersion)}
	}
	if crc32.Checksum(b[:60], castagnoli) != binary.LittleEndian.Uint32(b[60:]) {
		return h, corrupt("header checksum mismatch")
	}
	h.mat = Material{int(b[12]), int(b[13]), int(b[14]), int(b[15])}
	h.parts = int(b[16])
	h.sizes[0] = binary.LittleEndian.Uint64(b[24:])
	h.sizes[1] = binary.LittleEndian.Uint64(b[32:])
	h.longest = int(binary.LittleEndian.Uint16(b[40:]))
	h.crc = binary.LittleEndian.Uint32(b[56:])
	if binary.LittleEndian.Uint16(b[10:]) != headerSize {
		return h, corrupt("bad header size")
	}
	if h.mat != m {
		return h, corrupt("holds material " + h.mat.String() + ", not " + m.String())
	}
	want := partsOf(m)
	if h.parts != len(want) {
		return h, corrupt("wrong number of parts")
	}
	for i, x := range want {
		if size, _ := indexSize(x); h.sizes[i] != size {
			return h, corrupt("part " + strconv.Itoa(i+1) + " has " + strconv.FormatUint(h.sizes[i], 10) +
				" entries, want " + strconv.FormatUint(size, 10))
		}
	}
	if len(want) == 1 && h.sizes[1] != 0 || h.longest > maxDistance {
		return h, corrupt("bad header")
	}
	return h, nil
}

func corrupt(why string) error { return &FileError{Err: ErrCorrupt, Why: why} }

// partsOf returns the materials, White to move, that the file of the
// canonical material m holds, in file order.
func partsOf(m Material) []Material {
	if m.IsSymmetric() {
		return []Material{m}
	}
	return []Material{m, m.Swapped()}
}

// readTable reads and verifies the table file of canonical material m in
// dir, returning the block of memory that holds its payload and its
// parts' entries within the payload.
func readTable(dir string, m Material) (block *bigmem.Block[byte], parts [][]byte, h header, err error) {
	path := filepath.Join(dir, m.FileName())
	named := func(err error) error {
		var fe *FileError
		if errors.As(err, &fe) {
			fe.Path = path
			return fe
		}
		if errors.Is(err, fs.ErrNotExist) {
			return &FileError{Path: path, Err: ErrMissing}
		}
		return &FileError{Path: path, Err: err}
	}
	f, err := openRegular(path)
	if err != nil {
		return nil, nil, h, named(err)
	}
	defer f.Close()
	hb := make([]byte, headerSize)
	if _, err := io.ReadFull(f, hb); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, nil, h, named(corrupt("truncated header"))
		}
		return nil, nil, h, named(err)
	}
	h, err = decodeHeader(hb, m)
	if err != nil {
		return nil, nil, h, named(err)
	}
	st, err := f.Stat()
	if err != nil {
		return nil, nil, h, named(err)
	}
	total := h.sizes[0] + h.sizes[1]
	if st.Size() != int64(headerSize+total) {
		return nil, nil, h, named(corrupt(fmt.Sprintf("%d bytes, want %d (truncated or extended)", st.Size(), headerSize+total)))
	}
	block, err = newBlock(total)
	if err != nil {
		return nil, nil, h, &FileError{Path: path, Err: err, Why: "for its " + strconv.FormatUint(total, 10) + " entries"}
	}
	payload := block.Values()
	fail := func(err error) (*bigmem.Block[byte], [][]byte, header, error) {
		block.Free()
		return nil, nil, h, named(err)
	}
	if _, err := io.ReadFull(f, payload); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fail(corrupt("truncated"))
		}
		return fail(err)
	}
	if crc32.Checksum(payload, castagnoli) != h.crc {
		return fail(corrupt("payload checksum mismatch"))
	}
	parts = [][]byte{payload[:h.sizes[0]]}
	if h.parts == 2 {
		parts = append(parts, payload[h.sizes[0]:])
	}
	return block, parts, h, nil
}

// newBlock returns a block of n zero bytes, or an error when the system
// refuses it or n is more than an int counts (on a 32-bit system).
func newBlock(n uint64) (*bigmem.Block[byte], error) {
	if n > math.MaxInt {
		return nil, fmt.Errorf("%d bytes: %w", n, bigmem.ErrTooLarge)
	}
	return bigmem.New[byte](int(n))
}

// openRegular opens the file at path for reading. Anything but a regular
// file (or a link to one) is an error wrapping ErrCorrupt, found before
// it is opened, so that a named pipe or a device does not block the
// caller, and checked again once it is open.
func openRegular(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(st); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err == nil {
		err = checkRegular(st)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// checkRegular returns an error wrapping ErrCorrupt for a file that is
// not a regular file.
func checkRegular(st fs.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory, not a table"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe, not a table"
	case m&fs.ModeDevice != 0:
		what = "a device, not a table"
	case m&fs.ModeSocket != 0:
		what = "a socket, not a table"
	}
	return corrupt(what)
}

// checkHeader reports whether dir holds a table file for m whose header
// is valid and whose length is right (without reading the payload).
func checkHeader(dir string, m Material) error {
	path := filepath.Join(dir, m.FileName())
	f, err := openRegular(path)
	if err != nil {
		var fe *FileError
		switch {
		case errors.As(err, &fe):
			fe.Path = path
			return fe
		case errors.Is(err, fs.ErrNotExist):
			return &FileError{Path: path, Err: ErrMissing}
		}
		return &FileError{Path: path, Err: err}
	}
	defer f.Close()
	hb := make([]byte, headerSize)
	if _, err := io.ReadFull(f, hb); err != nil {
		return &FileError{Path: path, Err: ErrCorrupt, Why: "truncated header"}
	}
	h, err := decodeHeader(hb, m)
	if err != nil {
		err.(*FileError).Path = path
		return err
	}
	st, err := f.Stat()
	if err != nil {
		return &FileError{Path: path, Err: err}
	}
	if st.Size() != int64(headerSize+h.sizes[0]+h.sizes[1]) {
		return &FileError{Path: path, Err: ErrCorrupt, Why: "wrong length (truncated or extended)"}
	}
	return nil
}

// writeTable writes the table of canonical material m into dir: to a
// temporary file in dir, synced, then renamed to its name, so that a
// file with the table's name is always complete.
func writeTable(dir string, m Material, parts [][]byte, longest int) (err error) {
	h := header{mat: m, parts: len(parts), longest: longest}
	crc := uint32(0)
	for i, p := range parts {
		h.sizes[i] = uint64(len(p))
		crc = crc32.Update(crc, castagnoli, p)
	}
	h.crc = crc
	path := filepath.Join(dir, m.FileName())
	f, err := os.CreateTemp(dir, m.FileName()+".*.tmp")
	if err != nil {
		return &FileError{Path: path, Err: err}
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := w.Write(h.encode()); err != nil {
		return &FileError{Path: f.Name(), Err: err}
	}
	for _, p := range parts {
		if _, err := w.Write(p); err != nil {
			return &FileError{Path: f.Name(), Err: err}
		}
	}
	if err := w.Flush(); err != nil {
		return &FileError{Path: f.Name(), Err: err}
	}
	if err := f.Sync(); err != nil {
		return &FileError{Path: f.Name(), Err: err}
	}
	if err := f.Close(); err != nil {
		return &FileError{Path: f.Name(), Err: err}
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return &FileError{Path: f.Name(), Err: err}
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return &FileError{Path: path, Err: err}
	}
	return nil
}
