package web

import (
	"zaochnik/corr"
	"zaochnik/corr/letter"
)

// variantName is the game as the desk's reader says it ("русские шашки"),
// not the tournament file's code.
func variantName(v corr.Variant) string { return v.Name(letter.Russian) }

// eventNames are the referee's events in the desk's language; the events
// keep their codes in the store, the log and the JSON.
var eventNames = map[string]string{
	"refused":                   "письмо не принято",
	"claim-filed":               "заявлена просрочка",
	"reply-held":                "ответ заявителя задержан",
	"claim-confirmed":           "просрочка подтверждена",
	"claim-rejected":            "заявление о просрочке отклонено",
	"penalty":                   "штрафные дни",
	"ledger-error":              "ошибка в графике времени",
	"reminder":                  "напоминание о времени",
	"inquiry":                   "запрос о первом ходе",
	"unfinished":                "партия не окончена к сроку",
	"started":                   "турнир начат",
	"break-refused":             "перерыв не принят",
	"break":                     "перерыв",
	"protest":                   "протест",
	"draw-accept-without-offer": "согласие на ничью без предложения",
	"draw-declined":             "ничья отклонена",
	"draw-offered":              "предложена ничья",
	"draw-claimed":              "ничья по правилам",
	"corrected":                 "исправление получено, остановка окончена",
	"moves":                     "ходы",
	"impossible-move-corrected": "невозможный ход заменен",
	"variant-accepted":          "ход по варианту",
	"variant-proposed":          "предложен вариант",
	"date-differs":              "дата расходится с данными сервера",
	"finished":                  "партия окончена",
	"resent":                    "ход прислан повторно",
}

// notationDetails are the events whose detail is moves or the player's own
// words, worth showing as they are; the others' details are the referee's
// English notes, kept for the title (hover) only.
var notationDetails = map[string]bool{"moves": true, "impossible-move-corrected": true, "variant-accepted": true,
	"resent": true, "reply-held": true, "protest": true}

// eventName is an event's kind in Russian (its code when unknown).
func eventName(kind string) string {
	if n, ok := eventNames[kind]; ok {
		return n
	}
	return kind
}

// eventDetail is the part of an event's detail shown in the text.
func eventDetail(e corr.Event) string {
	if notationDetails[e.Kind] {
		return e.Detail
	}
	return ""
}

// letterKinds are the kinds of the server's letters in the desk's language
// (issue 16.17: the Russian desk said "forward", "refusal"); the store and
// the JSON keep the codes.
var letterKinds = map[string]string{
	"forward":         "пересылка хода",
	"confirmation":    "подтверждение получения",
	"refusal":         "отказ",
	"notice":          "уведомление",
	"ledger":          "график времени",
	"break":           "перерыв",
	"reminder":        "напоминание",
	"inquiry":         "запрос о первом ходе",
	"claim":           "заявление о просрочке",
	"dossier":         "материалы судье",
	"ruling":          "решение судьи",
	"start-list":      "стартовый лист",
	"end-of-play":     "окончание игры",
	"result":          "результат партии",
	"undeliverable":   "письмо не доставлено",
	"confirm-request": "запрос подтверждения отправителя",
	"hold-dropped":    "неподтверждённое письмо не применено",
	"oversized":       "слишком большое письмо",
	"sanction":        "взыскание",
	"analysis":        "запрос оценки и анализа",
	"adjudicated":     "присуждение",
	"answer":          "ответ секретаря",
}

// letterKind is a letter's kind in Russian (its code when unknown).
func letterKind(kind string) string {
	if n, ok := letterKinds[kind]; ok {
		return n
	}
	return kind
}
