package hexdame

import (
	"encoding/json"
	"errors"
	"testing"
)

// Tests of hexdame.go: colors and pieces, and that their zero values
// mean nothing by accident.

// Zero values mean nothing by accident.
func TestTrapZeroValues(t *testing.T) {
	if Cell(0).IsValid() || NoCell.IsValid() {
		t.Error("the zero Cell is a cell")
	}
	var m Move
	if err := json.Unmarshal([]byte(`{"to":"b1"}`), &m); !errors.Is(err, ErrSyntax) {
		t.Errorf(`{"to":"b1"} decodes: %v, %v`, m, err)
	}
	if c := NoPiece.Color(); c != NoColor || c == White || c == Red {
		t.Errorf("NoPiece.Color() = %v", c)
	}
	if MakePiece(NoColor, false) != NoPiece || NoColor.Opponent() != NoColor || White.Opponent() != Red {
		t.Error("NoColor makes a piece or has an opponent")
	}
	if p := StartPosition().WithSideToMove(NoColor); p.SideToMove() != White {
		t.Error("WithSideToMove(NoColor) changed the side to move")
	}
	if got := (Move{}).String(); got != "invalid move" || StartPosition().FormatMove(Move{}, Numeric) != got ||
		StartPosition().Path(Move{}).Format(Algebraic) != got {
		t.Errorf("the zero Move prints %q, %q", got, StartPosition().FormatMove(Move{}, Numeric))
	}
	// Values outside their type's constants print as invalid:
	// TestTextInvalid.
}
