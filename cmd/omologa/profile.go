package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
)

// The profiles every command takes (issue 31): --cpuprofile FILE writes
// the CPU profile of the command's run, --memprofile FILE the heap in use
// when it ends (after a collection), both for `go tool pprof`. They are
// taken off the command line before the command parses its own flags, so
// that each command, verb and flag set has them without declaring them.

// profiles are the files a run writes its profiles to, "" for none.
type profiles struct{ cpu, mem string }

// takeProfileFlags removes --cpuprofile and --memprofile (one or two
// dashes, "FILE" next or after "=") from args, up to a "--".
func takeProfileFlags(args []string) (rest []string, p profiles, err error) {
	rest = make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || (name != "cpuprofile" && name != "memprofile") {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, p, fmt.Errorf("flag needs an argument: -%s", name)
			}
			i++
			value = args[i]
		}
		if value == "" {
			return nil, p, fmt.Errorf("-%s needs a file name", name)
		}
		if name == "cpuprofile" {
			p.cpu = value
		} else {
			p.mem = value
		}
	}
	return rest, p, nil
}

// start starts the CPU profile; stop, which writes the heap profile
// too, must be called when the command ends.
func (p profiles) start() (stop func() error, err error) {
	var cpu *os.File
	if p.cpu != "" {
		if cpu, err = os.Create(p.cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, err
		}
	}
	return func() error {
		var errs []error
		if cpu != nil {
			pprof.StopCPUProfile()
			errs = append(errs, cpu.Close())
		}
		if p.mem != "" {
			errs = append(errs, writeHeap(p.mem))
		}
		return errors.Join(errs...)
	}, nil
}

func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC() // the heap in use, not what awaits collection
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// startFor starts the profiles of command name; stop writes them,
// saying on stderr what could not be written.
func (p profiles) startFor(name string, stderr io.Writer) (stop func(), err error) {
	end, err := p.start()
	if err != nil {
		return nil, err
	}
	return func() {
		if err := end(); err != nil {
			fmt.Fprintf(stderr, "omologa %s: profile: %v\n", name, err)
		}
	}, nil
}
