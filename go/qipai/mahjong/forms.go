package mahjong

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// NoShanten is the shanten of a form that cannot apply to a hand (JSON
// null): the library's QIPAI_MJ_NO_SHANTEN.
const NoShanten = 127

// FormShanten is one form's shanten ("standard", 0).
type FormShanten struct {
	Form    string
	Shanten int // NoShanten when the form cannot apply
}

// Forms are the forms' shanten in the library's order (the order of the
// JSON object "forms", which it reads from and writes back to).
type Forms []FormShanten

// Get is the shanten of a form, and whether the hand has the form at all.
func (f Forms) Get(form string) (int, bool) {
	for _, s := range f {
		if s.Form == form {
			return s.Shanten, true
		}
	}
	return NoShanten, false
}

// UnmarshalJSON reads the object {"standard": 0, "seven_pairs": null, ...}
// keeping its order.
func (f *Forms) UnmarshalJSON(text []byte) error {
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("qipai/mahjong: forms: not an object: %s", text)
	}
	out := Forms{}
	for d.More() {
		key, err := d.Token()
		if err != nil {
			return err
		}
		value, err := d.Token()
		if err != nil {
			return err
		}
		s := FormShanten{Form: key.(string), Shanten: NoShanten}
		switch v := value.(type) {
		case nil:
		case json.Number:
			n, err := strconv.Atoi(string(v))
			if err != nil {
				return fmt.Errorf("qipai/mahjong: forms: %s: %v", s.Form, err)
			}
			s.Shanten = n
		default:
			return fmt.Errorf("qipai/mahjong: forms: %s is not a number: %v", s.Form, v)
		}
		out = append(out, s)
	}
	if _, err := d.Token(); err != nil {
		return err
	}
	*f = out
	return nil
}

// MarshalJSON writes the forms back as the library's object.
func (f Forms) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, s := range f {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(s.Form)
		b.Write(key)
		b.WriteByte(':')
		if s.Shanten == NoShanten {
			b.WriteString("null")
		} else {
			b.WriteString(strconv.Itoa(s.Shanten))
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
