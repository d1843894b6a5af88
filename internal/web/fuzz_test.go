package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzSessionDo runs a session through requests read from the input, one
// JSON request a line, as a page might send them: no request panics, and
// every answer has a state and encodes.
func FuzzSessionDo(f *testing.F) {
	for _, seed := range []string{
		`{"op":"play","moves":["d4-e5","f6xd4"]}` + "\n" + `{"op":"prev"}` + "\n" + `{"op":"play","move":"c4-c5"}` + "\n" + `{"op":"promote","node":3}`,
		`{"op":"new","fen":"W:Wb4,c1,g3:Bb2,c2,d4,e4,f3,f5,g4"}` + "\n" + `{"op":"play","move":"g3xa1"}` + "\n" + `{"op":"play","move":"g3xg5xa1"}`,
		`{"op":"import","pdn":"1. d4-e5 (1. c4-c5 {x} i6-h5) f6xd4 $1 *"}` + "\n" + `{"op":"delete","node":1}` + "\n" + `{"op":"takeback","count":5}`,
		`{"op":"edit","fen":"W:W:B","cell":"e5","piece":"W","side":"red"}` + "\n" + `{"op":"svg","flip":true}` + "\n" + `{"op":"pdn","notation":"numeric"}`,
		`{"op":"comment","node":0,"text":"}"}` + "\n" + `{"op":"nags","nags":[-1]}` + "\n" + `{"op":"result","result":"2-0"}` + "\n" + `{"op":"drawrules","kingMoves":25}`,
		`{"op":"goto","node":99,"version":7}` + "\n" + `{"op":"pick","game":2}` + "\n" + `{"op":"nonsense"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		s := NewSession(nil)
		for i, line := range strings.Split(input, "\n") {
			if i == 20 {
				break
			}
			var req Request
			if json.Unmarshal([]byte(line), &req) != nil {
				continue
			}
			resp := s.Do(req)
			if resp.State == nil {
				t.Fatalf("%s: no state", line)
			}
			if _, err := json.Marshal(resp); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
		}
	})
}
