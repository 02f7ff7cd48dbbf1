package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// bash lists an associative array's keys in its hash table's order:
// 1024 buckets chosen by the 32-bit FNV-1 hash of the key, each bucket
// newest first. Scripts print "${!h[@]}" as is, so memsh lists them in
// the same order (mvdan/sh sorts them). Two keys in one bucket are rare;
// their insertion order is not kept, so they come in reverse byte order.

// assocBuckets is bash's ASSOC_HASH_BUCKETS.
const assocBuckets = 1024

// fnv1 is bash's hash_string.
func fnv1(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h *= 16777619
		h ^= uint32(s[i])
	}
	return h
}

// bashKeyOrder is m's keys in the order bash lists them.
func bashKeyOrder(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		ba, bb := fnv1(a)&(assocBuckets-1), fnv1(b)&(assocBuckets-1)
		switch {
		case ba < bb:
			return -1
		case ba > bb:
			return 1
		}
		return strings.Compare(b, a)
	})
	return keys
}

// assocListed reports whether memsh computes pe, ${h[@]}, ${h[*]},
// ${!h[@]} or ${!h[*]} (plain, or with a replacement, a # % removal or
// a case operator) of a name declared -A somewhere.
func (c *core) assocListed(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Length || pe.Width || pe.IsSet || pe.Names != 0 || pe.Slice != nil || listIndex(pe) == "" || pe.Param.Value == "@" || pe.Param.Value == "*" {
		return false
	}
	if pe.Excl && (pe.Repl != nil || pe.Exp != nil) {
		return false
	}
	if pe.Exp != nil && pe.Exp.Op != syntax.RemSmallPrefix && pe.Exp.Op != syntax.RemLargePrefix && pe.Exp.Op != syntax.RemSmallSuffix && pe.Exp.Op != syntax.RemLargeSuffix && !isCaseOp(pe.Exp.Op) {
		return false
	}
	c.assocMu.Lock()
	defer c.assocMu.Unlock()
	return c.assocNames[pe.Param.Value]
}

// assocList is the fields of an expansion assocListed took: values or
// keys, in bash's order for an associative array.
func assocList(env expand.Environ, pe *syntax.ParamExp) ([]string, bool) {
	if pe.Index == nil || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil || pe.Length || listIndex(pe) == "" || pe.Param.Value == "@" || pe.Param.Value == "*" {
		return nil, false
	}
	vr := env.Get(pe.Param.Value)
	if _, v := vr.Resolve(env); v.Kind != vr.Kind {
		vr = v
	}
	switch vr.Kind {
	case expand.Associative:
		keys := bashKeyOrder(vr.Map)
		if pe.Excl {
			return keys, true
		}
		vals := make([]string, len(keys))
		for i, k := range keys {
			vals[i] = vr.Map[k]
		}
		return vals, true
	case expand.Indexed:
		_, keys, _, _ := elements(&expand.Config{Env: env}, pe.Param.Value, vr, pe)
		if pe.Excl {
			return keys, true
		}
		return slices.Clone(vr.List), true
	}
	return nil, false
}
