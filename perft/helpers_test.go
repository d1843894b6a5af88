package perft

// testPositions are positions of every kind the counts must be right in:
// the start, a middlegame, kings, a king's long capture, a man's capture
// round a ring, and an ending of kings.
var testPositions = []struct{ name, fen string }{
	{"start", "W:Wa1,a2,a3,a4,b1,b2,b3,b4,c1,c2,c3,c4,d1,d2,d3,d4:Bf6,f7,f8,f9,g6,g7,g8,g9,h6,h7,h8,h9,i6,i7,i8,i9"},
	{"middle", "W:Wa1,a2,a3,b1,b2,b4,c1,c2,c4,d1,d3,e3,e4,f4:Bf6,f8,g6,g7,g8,h6,h7,h8,h9,i6,i7,i9,e7,d6"},
	{"kings", "W:WKb2,Ke5,Kg3,d1:BKf8,Kh6,Kc6,i9"},
	{"long-king-capture", "W:WKe1:Ba2,a3,c7,d7,e6,g5,c4,h7"},
	{"ring", "W:Wc3:Bd3,f4,g6,f7,d6,c4"},
	{"king-ending", "W:WKa1,Kc3,Kd2,e4:BKi9,Kg7,Kh8,f6"},
}
