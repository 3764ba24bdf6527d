package tables

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The retrograde pass tells each distance's entries in ascending order
// (for locality): sortEntries sorts by digits of 11 bits, so entries
// past one digit (2048), two and 2^31-1 must come out in order, none lost.
func TestSortEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2048, 3000, 1 << 22, 1<<31 - 1} {
		for _, size := range []int{0, 1, 5, 1000} {
			a := make([]int32, size)
			for i := range a {
				a[i] = int32(r.IntN(n))
			}
			want := slices.Clone(a)
			slices.Sort(want)
			got := sortEntries(a, make([]int32, size), n)
			if !slices.Equal(got, want) {
				t.Errorf("entries below %d, %d of them: %v, want %v", n, size, got, want)
			}
		}
	}
}
