package letter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParse reads every sample letter once per iteration.
func BenchmarkParse(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(lettersDir, "*.txt"))
	var texts []string
	for _, f := range files {
		t, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, string(t))
	}
	if len(texts) == 0 {
		b.Skip("no sample letters")
	}
	b.ResetTimer()
	for b.Loop() {
		for _, t := range texts {
			Parse(t, goldenOptions())
		}
	}
}

// BenchmarkParseLong reads a letter of many long lines, the fuzzer's worst
// case: the time must grow linearly with the length.
func BenchmarkParseLong(b *testing.B) {
	line := strings.Repeat("Вариант А: если 6...g5-h4, то 7.d4-c5 12.03.2026 / ", 35) + "\n"
	text := strings.Repeat(line, 500)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Parse(text, goldenOptions())
	}
}
