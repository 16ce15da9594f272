// Package strictyaml decodes configuration files strictly: an unknown key,
// a value of the wrong type or a missing required key is an error that
// names the file and the line, in the manner of Prometheus' rulefmt.
//
// A struct field is required unless its yaml tag says omitempty. Decoding
// goes through yaml.v3's node tree so that every error can carry a
// position.
package strictyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

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

// Decode reads data (named file in errors) into v, a pointer to a struct.
func Decode(file string, data []byte, v any) error {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return Errors{{File: file, Msg: "empty document"}}
		}
		return Errors{{File: file, Line: yamlErrLine(err), Msg: cleanYAMLMsg(err.Error())}}
	}
	if len(root.Content) == 0 {
		return Errors{{File: file, Msg: "empty document"}}
	}
	// A settings file is a mapping; anything else (a CSV given for a
	// YAML file, a list) gets one line, not the decoder's type dump.
	if doc := root.Content[0]; doc.Kind != yaml.MappingNode && reflect.TypeOf(v).Elem().Kind() == reflect.Struct {
		return Errors{{File: file, Line: doc.Line, Msg: "not a YAML settings file (key: value lines expected): is it the right file?"}}
	}
	var errs Errors
	checkRequired(file, root.Content[0], reflect.TypeOf(v).Elem(), "", &errs)

	dec = yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
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
		return errs
	}
	return nil
}

// checkRequired walks the node tree alongside the Go type and reports
// mappings that lack a required key.
func checkRequired(file string, n *yaml.Node, t reflect.Type, path string, errs *Errors) {
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
		present := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			present[n.Content[i].Value] = n.Content[i+1]
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "-" {
				continue
			}
			if strings.Contains(opts, "inline") {
				checkRequired(file, n, f.Type, path, errs)
				continue
			}
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			child, ok := present[name]
			if !ok {
				if !strings.Contains(opts, "omitempty") {
					*errs = append(*errs, &Error{File: file, Line: n.Line,
						Msg: fmt.Sprintf("missing required key %q in %s", name, orRoot(path))})
				}
				continue
			}
			checkRequired(file, child, f.Type, join(path, name), errs)
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return
		}
		for i, c := range n.Content {
			checkRequired(file, c, t.Elem(), fmt.Sprintf("%s[%d]", orRoot(path), i), errs)
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			checkRequired(file, n.Content[i+1], t.Elem(), join(path, n.Content[i].Value), errs)
		}
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

func sortErrors(es Errors) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].Line < es[j-1].Line; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}
