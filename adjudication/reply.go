package adjudication

import (
	"errors"
	"regexp"
	"strings"

	"zaochnik/corr/letter"
)

// ReplyLines returns the lines the writer of a reply wrote: quoted lines
// ("> ...") are dropped, and reading stops at the signature separator
// ("-- "), at a quoted original ("-----Original Message-----", an
// attribution "... wrote:" / "... писал(а):", a forwarded header block
// "From: ..." / "От: ...") and at a sign-off ("С уважением", "Regards").
// Lines are trimmed; empty lines are dropped. The judge's and the players'
// answers to the server's letters are read from these lines only, so that
// the server's own words quoted back never count as theirs.
func ReplyLines(text string) []string {
	var out []string
	for _, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if raw == "-- " || strings.TrimSpace(raw) == "--" {
			break
		}
		ln := strings.TrimSpace(raw)
		if ln == "" || strings.HasPrefix(ln, ">") {
			continue
		}
		if endOfReply(ln) {
			break
		}
		out = append(out, ln)
	}
	return out
}

var (
	attribution = regexp.MustCompile(`(?i)(wrote|писал\(а\)|писала|писал|пишет|написал\(а\)|написала|написал):\s*$`)
	original    = regexp.MustCompile(`(?i)^(-{2,}\s*(original message|forwarded message|исходное сообщение|пересылаемое сообщение)\s*-*|(from|от|sent|отправлено):\s.*@)`)
	signOff     = regexp.MustCompile(`(?i)^(с уважением|с наилучшими пожеланиями|всего доброго|(kind |best )?regards|best wishes|sincerely|yours)`)
)

// endOfReply reports whether ln starts what the writer did not write for us.
func endOfReply(ln string) bool {
	return attribution.MatchString(ln) || original.MatchString(ln) || signOff.MatchString(ln)
}

// Verdict is what the judge's answer to the server's letter decides.
type Verdict int

// The judge's verdicts.
const (
	// NoVerdict: the answer holds none.
	NoVerdict Verdict = iota
	// OverstepConfirmed: "просрочка подтверждена" (6.3.7).
	OverstepConfirmed
	// NoOverstep: "просрочки нет" (6.3.7).
	NoOverstep
	// ProtestRejected: "протест отклонён" (6.3.8).
	ProtestRejected
	// ProtestUpheld: "протест удовлетворён" (6.3.8).
	ProtestUpheld
	// Adjudged: "присуждаю: 1-0" (6.5.4-6.5.5); JudgeReply.Result holds the result.
	Adjudged
)

// String names the verdict as the store and JSON write it.
func (v Verdict) String() string {
	return [...]string{"none", "overstep-confirmed", "no-overstep", "protest-rejected", "protest-upheld", "adjudged"}[min(max(int(v), 0), 5)]
}

// verdictPhrases are the phrases of each verdict, lower case, е for ё.
var verdictPhrases = []struct {
	v       Verdict
	phrases []string
}{
	// The negative phrases first: "просрочка не подтверждена" holds "просрочка подтверждена" only by the look of it.
	{NoOverstep, []string{"просрочки нет", "просрочка не подтверждена", "просрочку не подтверждаю", "нет просрочки", "no overstep", "overstep not confirmed", "overstep rejected", "claim rejected"}},
	{OverstepConfirmed, []string{"просрочка подтверждена", "подтверждаю просрочку", "просрочку подтверждаю", "overstep confirmed", "i confirm the overstep", "claim confirmed"}},
	{ProtestRejected, []string{"протест отклонен", "протест отклоняю", "отклоняю протест", "protest rejected", "protest dismissed", "i reject the protest"}},
	{ProtestUpheld, []string{"протест удовлетворен", "протест удовлетворяю", "удовлетворяю протест", "protest upheld", "protest accepted", "i uphold the protest"}},
}

// adjudgeLabel is "присуждаю: 1-0", "присуждено — ничья", "adjudicated: draw".
var adjudgeLabel = regexp.MustCompile(`(?i)^(присуждаю|присуждено|присуждена|присуждение|результат присуждения|adjudicated|adjudication|i adjudicate)\s*[:—–-]?\s*(.+)$`)

// JudgeReply is the judge's answer to a dossier or an adjudication letter.
type JudgeReply struct {
	Verdict Verdict
	// Result is the adjudicated result when Verdict is Adjudged.
	Result Result
	// Note is the rest of what the judge wrote, sent on with the ruling.
	Note string
}

// ErrNoVerdict is returned (wrapped in an AnswerError) by ParseJudgeReply
// when the answer names no verdict.
var ErrNoVerdict = errors.New("no verdict")

// AnswerError is an answer to the server's letter (the judge's, a
// player's) that cannot be acted on: Problem says what is wrong and what to
// write, whole in either language, for corr/letter to put in the reply.
// Error is the English, for the log.
type AnswerError struct {
	Problem letter.Problem
	is      error // the sentinel it matches (ErrNoVerdict), or nil
}

func (e AnswerError) Error() string { return "adjudication: " + e.Problem.En }

// Unwrap is the sentinel the error matches, if any.
func (e AnswerError) Unwrap() error { return e.is }

// ParseJudgeReply reads the judge's answer: one verdict phrase
// ("просрочка подтверждена" / "просрочки нет", "протест отклонён" /
// "протест удовлетворён", "присуждаю: 1-0"; English "overstep confirmed" /
// "no overstep", "protest rejected" / "protest upheld", "adjudicated: 1-0"),
// in any case, with ё or е, among other lines, which become the note. Quoted
// text and signatures are skipped (ReplyLines). Two different verdicts are
// an error, so that a slip never becomes a ruling.
func ParseJudgeReply(text string) (JudgeReply, error) {
	var r JudgeReply
	var notes []string
	for _, ln := range ReplyLines(text) {
		low := strings.ReplaceAll(strings.ToLower(ln), "ё", "е")
		v, res := NoVerdict, Unfinished
		if m := adjudgeLabel.FindStringSubmatch(strings.TrimRight(ln, ".!")); m != nil {
			e, err := ParseEvaluation(strings.TrimRight(m[2], ".! "))
			if err != nil {
				return JudgeReply{}, AnswerError{Problem: letter.JudgeResultUnreadable(ln)}
			}
			v, res = Adjudged, e.Result()
		} else {
			var end int
			v, end = phraseVerdict(low)
			rest := low[end:]
			if len(low) == len(ln) {
				rest = ln[end:] // the reasons as written, when lower-casing kept the offsets
			}
			if rest = strings.Trim(rest, " .:;,—–-!"); v != NoVerdict && rest != "" {
				notes = append(notes, rest)
			}
		}
		switch {
		case v == NoVerdict:
			if !isGreeting(low) {
				notes = append(notes, ln)
			}
		case r.Verdict != NoVerdict && (r.Verdict != v || r.Result != res):
			return JudgeReply{}, AnswerError{Problem: letter.JudgeTwoVerdicts(decision(r.Verdict), decision(v))}
		default:
			r.Verdict, r.Result = v, res
		}
	}
	if r.Verdict == NoVerdict {
		return JudgeReply{}, AnswerError{Problem: letter.JudgeNoVerdict(), is: ErrNoVerdict}
	}
	r.Note = strings.Join(notes, "\n")
	return r, nil
}

// phraseVerdict returns the verdict whose phrase the lower-cased line
// holds, and the offset just after the phrase (the judge's reasons follow).
func phraseVerdict(low string) (Verdict, int) {
	for _, vp := range verdictPhrases {
		for _, p := range vp.phrases {
			if i := strings.Index(low, p); i >= 0 {
				return vp.v, i + len(p)
			}
		}
	}
	return NoVerdict, 0
}

// isGreeting reports a salutation line, which is no part of a note.
func isGreeting(low string) bool {
	for _, g := range []string{"здравствуйте", "добрый день", "добрый вечер", "уважаем", "hello", "dear ", "hi "} {
		if strings.HasPrefix(low, g) {
			return true
		}
	}
	return false
}

// PlayerSubmission is what a player's letter to the judge about an
// unfinished game holds (6.5.2).
type PlayerSubmission struct {
	Evaluation Evaluation
	// Analysis is the analysis as written, "" when none.
	Analysis string
}

var (
	evaluationLabel = regexp.MustCompile(`(?i)^(оценка(\s+позиции)?|моя оценка|evaluation|my evaluation|assessment)\s*[:—–-]\s*(.+)$`)
	analysisLabel   = regexp.MustCompile(`(?i)^(анализ|analysis)\s*[:—–-]?\s*(.*)$`)
	moveLike        = regexp.MustCompile(`(?i)([a-j]\d{1,2}\s*[-:x]\s*[a-j]\d{1,2}|\b\d{1,2}\s*[-x:]\s*\d{1,2}\b|\b\d+\.\s*[a-j])`)
)

// ParseSubmission reads a player's evaluation and analysis of an unfinished
// game (6.5.2): the evaluation on a line "оценка: ничья" ("evaluation:
// draw"; 1-0, 1/2-1/2, 0-1 too) or alone on a line; the analysis after a line
// "анализ:" ("analysis:"), or else the other lines when they hold moves.
// A letter without an evaluation is an error that says what to write.
func ParseSubmission(text string) (PlayerSubmission, error) {
	var sub PlayerSubmission
	var rest, analysis []string
	inAnalysis := false
	for _, ln := range ReplyLines(text) {
		if m := evaluationLabel.FindStringSubmatch(ln); m != nil {
			e, err := ParseEvaluation(m[3])
			if err != nil {
				return PlayerSubmission{}, AnswerError{Problem: letter.SubmissionEvaluationUnreadable(strings.TrimSpace(m[3]))}
			}
			sub.Evaluation, inAnalysis = e, false
			continue
		}
		if m := analysisLabel.FindStringSubmatch(ln); m != nil {
			inAnalysis = true
			if m[2] != "" {
				analysis = append(analysis, m[2])
			}
			continue
		}
		if e, err := ParseEvaluation(ln); err == nil && sub.Evaluation == NoEvaluation {
			sub.Evaluation = e
			continue
		}
		if inAnalysis {
			analysis = append(analysis, ln)
		} else if !isGreeting(strings.ToLower(ln)) {
			rest = append(rest, ln)
		}
	}
	if sub.Evaluation == NoEvaluation {
		return PlayerSubmission{}, AnswerError{Problem: letter.SubmissionNoEvaluation()}
	}
	if len(analysis) == 0 && moveLike.MatchString(strings.Join(rest, "\n")) {
		analysis = rest
	}
	sub.Analysis = strings.Join(analysis, "\n")
	return sub, nil
}

// Answer is a letter's text read once as the judge's or the organiser's
// answer (ParseJudgeReply): its reply, or Err, why it cannot be acted on.
type Answer struct {
	Reply JudgeReply
	Err   error
}

// ReadAnswer reads text as an Answer.
func ReadAnswer(text string) Answer {
	r, err := ParseJudgeReply(text)
	return Answer{Reply: r, Err: err}
}

// Submitted is a letter's text read once as a player's evaluation
// (ParseSubmission): the submission, or Err, why it gives none.
type Submitted struct {
	Submission PlayerSubmission
	Err        error
}

// ReadSubmission reads text as Submitted.
func ReadSubmission(text string) Submitted {
	sub, err := ParseSubmission(text)
	return Submitted{Submission: sub, Err: err}
}
