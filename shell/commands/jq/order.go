package jq

import (
	"bufio"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/itchyny/gojq"
)

// maxOrders bounds how many distinct key sets keyOrder remembers.
const maxOrders = 1 << 14

// keyOrder gives objects back the key order jq would print. jq keeps an
// object's keys in insertion order; gojq holds objects as Go maps, which
// have none. keyOrder remembers, per set of keys, the order in which an
// input text listed them or the filter's object construction wrote them,
// and the encoder prints a map whose key set it knows in that order
// (sorted otherwise, and always with -S). The first order seen for a key
// set wins.
//
// A key set it has not seen (". + {c: 1}") is ordered by where each key
// first appeared: keys of the inputs first, then keys the filter names,
// then the rest sorted, which is how jq's merges and additions come out.
type keyOrder struct {
	orders map[string][]string
	rank   map[string]int
	next   int
}

// rank bases: a key of the input ranks before one only the filter names.
const (
	filterRank = 1 << 40
	unseenRank = 1 << 41
)

func newKeyOrder() *keyOrder {
	return &keyOrder{orders: map[string][]string{}, rank: map[string]int{}}
}

func (o *keyOrder) record(keys []string, base int) {
	for _, k := range keys {
		if r, ok := o.rank[k]; (!ok || r >= filterRank && base < filterRank) && len(o.rank) < maxOrders {
			o.rank[k] = base + o.next
			o.next++
		}
	}
	if len(keys) < 2 || len(o.orders) >= maxOrders {
		return
	}
	var seen map[string]bool
	if len(keys) > 8 {
		seen = make(map[string]bool, len(keys))
	}
	uniq := keys[:0:0]
	for _, k := range keys {
		if seen != nil {
			if seen[k] {
				continue
			}
			seen[k] = true
		} else if slices.Contains(uniq, k) {
			continue
		}
		uniq = append(uniq, k)
	}
	sig := signature(slices.Sorted(slices.Values(uniq)))
	if _, ok := o.orders[sig]; !ok {
		o.orders[sig] = uniq
	}
}

// keys returns m's keys in the remembered order, or sorted.
func (o *keyOrder) keys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if o == nil || len(keys) < 2 {
		return keys
	}
	if ord, ok := o.orders[signature(keys)]; ok {
		return ord
	}
	rank := func(k string) int {
		if r, ok := o.rank[k]; ok {
			return r
		}
		return unseenRank
	}
	slices.SortStableFunc(keys, func(a, b string) int { return rank(a) - rank(b) })
	return keys
}

func signature(sorted []string) string { return strings.Join(sorted, "\x00") }

// scan records the key order of every object in one JSON text (already
// checked by encoding/json).
func (o *keyOrder) scan(raw []byte) {
	var stack [][]string
	var isObject []bool
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '{', '[':
			stack = append(stack, nil)
			isObject = append(isObject, raw[i] == '{')
		case '}', ']':
			if len(stack) == 0 {
				return
			}
			if isObject[len(isObject)-1] {
				o.record(stack[len(stack)-1], 0)
			}
			stack, isObject = stack[:len(stack)-1], isObject[:len(isObject)-1]
		case '"':
			j, escaped := i+1, false
			for ; j < len(raw) && raw[j] != '"'; j++ {
				if raw[j] == '\\' {
					j++
					escaped = true
				}
			}
			if j >= len(raw) {
				return
			}
			k := j + 1
			for k < len(raw) && (raw[k] == ' ' || raw[k] == '\t' || raw[k] == '\n' || raw[k] == '\r') {
				k++
			}
			if len(stack) > 0 && isObject[len(isObject)-1] && k < len(raw) && raw[k] == ':' {
				key := string(raw[i+1 : j])
				if escaped {
					json.Unmarshal(raw[i:j+1], &key)
				}
				stack[len(stack)-1] = append(stack[len(stack)-1], key)
			}
			i = j
		}
	}
}

// scanQuery records the key order of each object construction in the
// filter whose keys are all constant ({name, age: .a, "x y": 1}).
func (o *keyOrder) scanQuery(q *gojq.Query) {
	walkQuery(q, func(node any) {
		switch x := node.(type) {
		case *gojq.Object:
			o.recordObject(x)
		case *gojq.Index:
			// .b = 1 adds b where jq appends it: after the keys
			// already there, in the order the filter names them.
			if x.Name != "" {
				o.record([]string{x.Name}, filterRank)
			} else if x.Str != nil && x.Str.Queries == nil {
				o.record([]string{x.Str.Str}, filterRank)
			}
		}
	})
}

func (o *keyOrder) recordObject(obj *gojq.Object) {
	keys := make([]string, 0, len(obj.KeyVals))
	for _, kv := range obj.KeyVals {
		switch {
		case kv.Key != "" && !strings.HasPrefix(kv.Key, "$"):
			keys = append(keys, kv.Key)
		case kv.Key != "":
			keys = append(keys, kv.Key[1:]) // {$x} is {x: $x}
		case kv.KeyString != nil && kv.KeyString.Queries == nil:
			keys = append(keys, kv.KeyString.Str)
		default:
			return
		}
	}
	o.record(keys, filterRank)
}

// orderedDefs replace gojq's to_entries and with_entries, which walk
// keys (sorted), with jq's own definitions over keys_unsorted, and give
// keys_unsorted the remembered order. Definitions in the query take
// precedence over gojq's builtins.
//
// The other definitions are jq 1.6's where gojq differs: tojson and
// tostring keep key order, ltrimstr/rtrimstr leave anything but a string
// with a matching affix alone, and leaf_paths exists. They are parsed on
// first use, not in every memsh start-up.
var orderedDefs = sync.OnceValue(func() *gojq.Query {
	return mustParse(`def keys_unsorted: _memsh_keys_unsorted;
def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def with_entries(f): to_entries | map(f) | from_entries;
def tojson: _memsh_tojson;
def fromjson: _memsh_fromjson;
def tonumber: _memsh_tonumber;
def tostring: if type == "string" then . else _memsh_tojson end;
def ltrimstr($x): if type == "string" and ($x | type) == "string" and startswith($x) then .[($x | length):] else . end;
def rtrimstr($x): if type == "string" and ($x | type) == "string" and endswith($x) and ($x | length) > 0 then .[:length - ($x | length)] else . end;
def _memsh_iter: if type == "object" then keys_unsorted[] as $k | .[$k] else .[] end;
def _memsh_iter_opt: if type == "object" then keys_unsorted[] as $k | .[$k] else .[]? end;
def recurse: recurse(_memsh_iter_opt);
def map(f): [_memsh_iter | f];
def add: reduce _memsh_iter as $x (null; . + $x);
def paths: path(..) | select(length > 0);
def paths(f): path(.. | select(f)) | select(length > 0);
def leaf_paths: paths(scalars);
def limit($n; f): if $n < 0 then f else label $out | foreach f as $item (0; .+1; $item, if . >= $n then break $out else empty end) end;
def tostream: path(def r: (_memsh_iter_opt | r), .; r) as $p | getpath($p) | reduce path(_memsh_iter_opt) as $q ([$p, .]; [$p + $q]);
.`)
})

// toJSON is jq's tojson: the compact text, keys in their order.
func (o *keyOrder) toJSON(v any, _ []any) any {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	e := &encoder{w: w, indent: -1, order: o}
	e.encode(v, 0)
	w.Flush()
	return b.String()
}

func mustParse(src string) *gojq.Query {
	q, err := gojq.Parse(src)
	if err != nil {
		panic(err)
	}
	return q
}

// keysUnsorted is jq's keys_unsorted: an object's keys in their order,
// an array's indices.
func (o *keyOrder) keysUnsorted(v any, _ []any) any {
	switch v := v.(type) {
	case map[string]any:
		keys := o.keys(v)
		out := make([]any, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = i
		}
		return out
	}
	b, _ := gojq.Marshal(v)
	return fmt.Errorf("%s (%s) has no keys", typeName(v), b)
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "number"
}
