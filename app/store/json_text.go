package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"racedirector/app/refuse"
)

// CheckJSONText refuses a JSON document holding text that no database keeps alike on SQLite and
// PostgreSQL: invalid UTF-8 (which encoding/json would silently turn into U+FFFD) or a NUL character,
// raw or written \u0000. The refusal is a 422 naming the field it is in ("teams[0].riders[2].name";
// "body" for the document itself). A document free of both is passed after three quick scans of its
// bytes, not decoded; one that is not JSON is left to its decoder, which says why.
func CheckJSONText(data []byte) error {
	bad := invalidUTF8At(data)
	if bad < 0 && bytes.IndexByte(data, 0) < 0 && !bytes.Contains(data, []byte(`\u0000`)) {
		return nil
	}
	w := jsonWalk{}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			// A raw NUL or an invalid byte may be what stopped the decoder: name the field it is in.
			var se *json.SyntaxError
			if !errors.As(err, &se) {
				return nil
			}
			from, to := nextValue(data, int(start))
			switch {
			case bad >= from && bad < to:
				return refuse.Invalidf(w.field(), "is not valid UTF-8 text")
			case bytes.IndexByte(data[from:to], 0) >= 0:
				return refuse.Invalidf(w.field(), "must not contain a NUL character")
			}
			return nil
		}
		if end := int(dec.InputOffset()); bad >= int(start) && bad < end {
			return refuse.Invalidf(w.field(), "is not valid UTF-8 text")
		}
		if s, ok := tok.(string); ok && strings.IndexByte(s, 0) >= 0 {
			return refuse.Invalidf(w.field(), "must not contain a NUL character")
		}
		w.step(tok)
	}
}

// nextValue is where the token after offset start lies in data: a string to its closing quote (or
// the end), anything else its first byte.
func nextValue(data []byte, start int) (from, to int) {
	from = start
	for from < len(data) && strings.IndexByte(" \t\r\n:,", data[from]) >= 0 {
		from++
	}
	to = min(from+1, len(data))
	if from < len(data) && data[from] == '"' {
		for to < len(data) && data[to] != '"' {
			if data[to] == '\\' {
				to++
			}
			to++
		}
		to = min(to+1, len(data))
	}
	return from, to
}

// invalidUTF8At is the offset of the first byte of data that is not UTF-8, or -1.
func invalidUTF8At(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// jsonWalk follows where a token stream is in its document: one frame per open object or list.
type jsonWalk struct {
	frames []jsonFrame
}

// jsonFrame is an open object (its key being read or the key of the value being read) or list
// (the index of the value being read).
type jsonFrame struct {
	list  bool
	index int
	key   string
	// keyNext says an object's next string is a key.
	keyNext bool
}

// field is the path of the value (or key) being read: "teams[0].riders[2].name", "body" at the top.
func (w *jsonWalk) field() string {
	var b strings.Builder
	for _, f := range w.frames {
		switch {
		case f.list:
			fmt.Fprintf(&b, "[%d]", f.index)
		case f.key != "" && !f.keyNext: // a key being read names its object
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(strings.ToValidUTF8(strings.ReplaceAll(f.key, "\x00", ""), "\uFFFD"))
		}
	}
	if b.Len() == 0 {
		return "body"
	}
	return b.String()
}

// step moves past one token.
func (w *jsonWalk) step(tok json.Token) {
	top := len(w.frames) - 1
	if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
		w.frames = w.frames[:top]
		w.done()
		return
	}
	if top >= 0 && !w.frames[top].list && w.frames[top].keyNext {
		w.frames[top].key, w.frames[top].keyNext = tok.(string), false
		return
	}
	switch tok {
	case json.Delim('{'):
		w.frames = append(w.frames, jsonFrame{keyNext: true})
	case json.Delim('['):
		w.frames = append(w.frames, jsonFrame{list: true})
	default:
		w.done()
	}
}

// done moves past a whole value: the next of its list, or its object's next key.
func (w *jsonWalk) done() {
	if top := len(w.frames) - 1; top >= 0 {
		if w.frames[top].list {
			w.frames[top].index++
		} else {
			w.frames[top].keyNext = true
		}
	}
}
