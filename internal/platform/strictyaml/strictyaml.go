// Package strictyaml decodes configuration files strictly: an unknown key,
// a value of the wrong type or a missing required key is an error that
// names the file and the line, in the manner of Prometheus' rulefmt.
//
// A struct field is required unless its yaml tag says omitempty. Decoding
// goes through yaml.v3's node tree, built once, so that every error can
// carry a position; DecodeNode hands the tree on to a caller that checks
// values and must name their lines too.
package strictyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Error is one problem in a configuration file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Errors is every problem found, in file order.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Load reads the file at path and hands its bytes, named by the path, to
// parse (which decodes with this package and checks the values): the
// Load of every configuration file (omologa.yaml, rules.yaml). A file
// that cannot be read is an error prefixed with what ("config",
// "rules").
func Load[T any](what, path string, parse func(file string, data []byte) (T, error)) (T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s: %w", what, err)
	}
	return parse(path, data)
}

// Decode reads data (named file in errors) into v, a pointer to a struct.
func Decode(file string, data []byte, v any) error {
	_, err := DecodeNode(file, data, v)
	return err
}

// DecodeNode is Decode that also returns the document's node tree, for a
// caller that checks values and must name their lines (rules.yaml): the
// file is parsed once, and the same tree is checked and decoded.
func DecodeNode(file string, data []byte, v any) (*yaml.Node, error) {
	root, err := Parse(file, data)
	if err != nil {
		return nil, err
	}
	if err := DecodeTree(file, root, v); err != nil {
		return nil, err
	}
	return root, nil
}

// Parse reads data into its node tree, for a caller that looks at the
// document before choosing what to decode it into (DecodeTree).
func Parse(file string, data []byte) (*yaml.Node, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Errors{{File: file, Msg: "empty document"}}
		}
		return nil, Errors{{File: file, Line: yamlErrLine(err), Msg: cleanYAMLMsg(err.Error())}}
	}
	if len(root.Content) == 0 {
		return nil, Errors{{File: file, Msg: "empty document"}}
	}
	return &root, nil
}

// DecodeTree decodes a tree from Parse into v strictly, as Decode does.
func DecodeTree(file string, root *yaml.Node, v any) error {
	// A settings file is a mapping; anything else (a CSV given for a
	// YAML file, a list) gets one line, not the decoder's type dump.
	if doc := root.Content[0]; doc.Kind != yaml.MappingNode && reflect.TypeOf(v).Elem().Kind() == reflect.Struct {
		return Errors{{File: file, Line: doc.Line, Msg: "not a YAML settings file (key: value lines expected): is it the right file?"}}
	}
	var errs Errors
	// yaml.v3 checks unknown keys (KnownFields) only when it parses the
	// bytes itself; the walk checks them on the tree instead, with the
	// same message, so that the bytes are parsed once.
	checkKeys(file, root.Content[0], reflect.TypeOf(v).Elem(), "", &errs)
	if err := root.Content[0].Decode(v); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			for _, m := range te.Errors {
				errs = append(errs, &Error{File: file, Line: yamlErrLine(errors.New(m)), Msg: cleanYAMLMsg(m)})
			}
		} else {
			errs = append(errs, &Error{File: file, Line: yamlErrLine(err), Msg: cleanYAMLMsg(err.Error())})
		}
	}
	if len(errs) > 0 {
		sortErrors(errs)
		return dedupe(errs)
	}
	return nil
}

// checkKeys walks the node tree alongside the Go type and reports
// mappings that lack a required key or have a key the type does not know.
func checkKeys(file string, n *yaml.Node, t reflect.Type, path string, errs *Errors) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode || implementsUnmarshaler(t) {
			return
		}
		info := structInfoOf(t)
		if !info.anyKey {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i]; k.Value != "<<" && info.index(k.Value) < 0 {
					*errs = append(*errs, &Error{File: file, Line: k.Line,
						Msg: fmt.Sprintf("field %s not found in type %s", k.Value, t)})
				}
			}
		}
		for _, f := range info.fields {
			var child *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == f.key {
					child = n.Content[i+1]
				}
			}
			if child == nil {
				if f.required {
					*errs = append(*errs, &Error{File: file, Line: n.Line,
						Msg: fmt.Sprintf("missing required key %q in %s", f.key, orRoot(path))})
				}
				continue
			}
			checkKeys(file, child, f.typ, join(path, f.key), errs)
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i, c := range n.Content {
			checkKeys(file, c, t.Elem(), orRoot(path)+"["+strconv.Itoa(i)+"]", errs)
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			checkKeys(file, n.Content[i+1], t.Elem(), join(path, n.Content[i].Value), errs)
		}
	}
}

// structInfo is what the walk needs of a struct type: its keys, an inline
// struct's fields being the mapping's own, as yaml.v3 decodes them.
type structInfo struct {
	fields []fieldInfo
	// anyKey: an inline map takes the keys no field names.
	anyKey bool
}

type fieldInfo struct {
	key      string
	required bool // no omitempty
	typ      reflect.Type
}

func (s *structInfo) index(key string) int {
	for i, f := range s.fields {
		if f.key == key {
			return i
		}
	}
	return -1
}

// structInfos caches structInfo by type: a file of many records of one
// type reads its tags once.
var structInfos sync.Map // reflect.Type → *structInfo

func structInfoOf(t reflect.Type) *structInfo {
	if v, ok := structInfos.Load(t); ok {
		return v.(*structInfo)
	}
	info := &structInfo{}
	info.add(t)
	structInfos.Store(t, info)
	return info
}

func (s *structInfo) add(t reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() && !f.Anonymous {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			switch {
			case ft.Kind() == reflect.Map || implementsUnmarshaler(ft):
				// Keys the walk cannot know: an inline map's, or those
				// an inline unmarshaler reads itself.
				s.anyKey = true
			case ft.Kind() == reflect.Struct:
				s.add(ft)
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		s.fields = append(s.fields, fieldInfo{key: name, required: !strings.Contains(opts, "omitempty"), typ: f.Type})
	}
}

var unmarshalerType = reflect.TypeOf((*yaml.Unmarshaler)(nil)).Elem()

func implementsUnmarshaler(t reflect.Type) bool {
	return t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType)
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func orRoot(path string) string {
	if path == "" {
		return "the top level"
	}
	return path
}

// yamlErrLine pulls the "line N" that yaml.v3 puts in its messages.
func yamlErrLine(err error) int {
	s := err.Error()
	i := strings.Index(s, "line ")
	if i < 0 {
		return 0
	}
	n := 0
	for _, c := range s[i+5:] {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// cleanYAMLMsg drops yaml.v3's "yaml: line N: " prefix, since Error
// carries the line.
func cleanYAMLMsg(s string) string {
	s = strings.TrimPrefix(s, "yaml: ")
	if strings.HasPrefix(s, "line ") {
		if _, rest, ok := strings.Cut(s, ": "); ok {
			return rest
		}
	}
	return s
}

// dedupe drops an error said before: a key of an anchored mapping is
// checked, and decoded, wherever an alias repeats it.
func dedupe(es Errors) Errors {
	seen := map[Error]bool{}
	out := es[:0]
	for _, e := range es {
		if !seen[*e] {
			seen[*e] = true
			out = append(out, e)
		}
	}
	return out
}

func sortErrors(es Errors) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].Line < es[j-1].Line; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// Locate finds the node reached from n (a document or its mapping) by
// path, keys and sequence indexes: found says whether the whole path is
// in the file, line is the line of its last key (or item, or scalar) or,
// when the path is not all there, of the deepest part that is. A caller
// that checks decoded values names their lines with it, and tells a key
// left out from one given a zero.
func Locate(n *yaml.Node, path []any) (line int, found bool) {
	if n == nil {
		return 0, false
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	line = n.Line
	for _, p := range path {
		var next *yaml.Node
		switch k := p.(type) {
		case string:
			if n.Kind == yaml.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					if n.Content[i].Value == k {
						next = n.Content[i+1]
						line = n.Content[i].Line
						break
					}
				}
			}
		case int:
			if n.Kind == yaml.SequenceNode && k < len(n.Content) {
				next = n.Content[k]
				line = next.Line
			}
		}
		if next == nil {
			return line, false
		}
		n = next
		if n.Kind == yaml.ScalarNode {
			line = n.Line
		}
	}
	return line, true
}

// LineOf is Locate's line: the line to name for path.
func LineOf(n *yaml.Node, path []any) int {
	line, _ := Locate(n, path)
	return line
}
