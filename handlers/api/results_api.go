package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/sheets"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// answerStage replies with the stage after a change.
func (h *Handler) answerStage(c echo.Context, id uint, n int) error {
	v, _, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", strconv.Quote(strconv.Itoa(v.Version)))
	return c.JSON(http.StatusOK, v)
}

// resultCall parses the common parts of a results call and runs fn.
func (h *Handler) resultCall(c echo.Context, body any, fn func(id uint, n, version int) error) error {
	return h.noticeCall(c, body, func(id uint, n, version int) (string, error) { return "", fn(id, n, version) })
}

// stageNotice is the stage answered after a change that did more than it was asked to.
type stageNotice struct {
	store.StageView
	// Notice says what else the change did ("second crash: bib 33 leaves the race").
	Notice string `json:"notice"`
}

// noticeCall is resultCall for a change that may do more than asked: fn's notice, when not empty, is
// answered beside the stage.
func (h *Handler) noticeCall(c echo.Context, body any, fn func(id uint, n, version int) (string, error)) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	version, err := ExpectedVersion(c)
	if err != nil {
		return err
	}
	if body != nil {
		if err := DecodeResultJSON(c, body); err != nil {
			return err
		}
	}
	notice, err := fn(id, n, version)
	if err != nil {
		return err
	}
	if notice == "" {
		return h.answerStage(c, id, n)
	}
	v, _, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", strconv.Quote(strconv.Itoa(v.Version)))
	return c.JSON(http.StatusOK, stageNotice{StageView: v, Notice: notice})
}

// orderBody is a sprint's or climb's crossing order.
type orderBody struct {
	Order *[]int `json:"order"`
}

// order returns the crossing order; a body without "order" is refused rather than taken as a clear.
func (b orderBody) order() ([]int, error) {
	if b.Order == nil {
		return nil, refuse.Invalid("order", "is required: the bibs in crossing order ([] clears the result)")
	}
	return *b.Order, nil
}

// APISetSprint stores intermediate sprint k's crossing order.
func (h *Handler) APISetSprint(c echo.Context) error {
	return h.setOrder(c, "sprint", h.StoreFor(c).SetSprint)
}

// APISetClimb stores climb k's crossing order.
func (h *Handler) APISetClimb(c echo.Context) error {
	return h.setOrder(c, "climb", h.StoreFor(c).SetClimb)
}

// setOrder stores the crossing order of sprint or climb k with the store's setter.
func (h *Handler) setOrder(c echo.Context, what string, set func(tourID uint, n, k, version int, order []int) error) error {
	k, err := base.IndexParam(c, what)
	if err != nil {
		return err
	}
	var b orderBody
	return h.resultCall(c, &b, func(id uint, n, v int) error {
		order, err := b.order()
		if err != nil {
			return err
		}
		return set(id, n, k, v, order)
	})
}

// APISetFinish stores the whole finish in the tour's time model; a clock finish (uci-road) may also
// come as CSV (Content-Type: text/csv, columns bib,time,bonus,penalty).
func (h *Handler) APISetFinish(c echo.Context) error {
	if isCSV(c) {
		return h.apiSetFinishCSV(c)
	}
	var b finishBody
	return h.resultCall(c, &b, func(id uint, n, v int) error {
		f, err := b.finish()
		if err != nil {
			return err
		}
		return h.StoreFor(c).SetFinish(id, n, v, f)
	})
}

// APIAddAbandon records an abandonment.
func (h *Handler) APIAddAbandon(c echo.Context) error {
	var a race.Abandon
	return h.resultCall(c, &a, func(id uint, n, v int) error { return h.StoreFor(c).AddAbandon(id, n, v, a) })
}

// APIRemoveAbandon takes back an abandonment.
func (h *Handler) APIRemoveAbandon(c echo.Context) error {
	bib, err := strconv.Atoi(c.Param("bib"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("abandonment not found"))
	}
	return h.resultCall(c, nil, func(id uint, n, v int) error { return h.StoreFor(c).RemoveAbandon(id, n, v, bib) })
}

// APIAddAdvantage records one use of an advantage.
func (h *Handler) APIAddAdvantage(c echo.Context) error {
	var u race.AdvantageUse
	return h.resultCall(c, &u, func(id uint, n, v int) error { return h.StoreFor(c).AddAdvantage(id, n, v, u) })
}

// APIRemoveAdvantage takes back one advantage use by its position.
func (h *Handler) APIRemoveAdvantage(c echo.Context) error {
	pos, err := strconv.Atoi(c.Param("pos"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, i18n.Textf("advantage use not found"))
	}
	return h.resultCall(c, nil, func(id uint, n, v int) error { return h.StoreFor(c).RemoveAdvantage(id, n, v, pos) })
}

// advantagesAnswer is GET .../advantages: the uses of the stage and what each team has left.
type advantagesAnswer struct {
	Uses       []race.AdvantageUse  `json:"uses"`
	Teams      []race.TeamAllowance `json:"teams"`
	Effort     map[int]int          `json:"effort,omitempty"`
	StageState string               `json:"stage_state"`
}

// APIListAdvantages answers the advantage uses of stage n and each team's allowance left.
func (h *Handler) APIListAdvantages(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	v, st, err := h.StoreFor(c).GetStage(id, n)
	if err != nil {
		return err
	}
	ans := advantagesAnswer{Uses: v.Results.Advantages, Teams: race.Allowances(&st.Tour, st.Prior(n), st.Results[n-1]), StageState: v.State}
	if ans.Uses == nil {
		ans.Uses = []race.AdvantageUse{}
	}
	if st.Tour.Ruleset.Effort != nil {
		ans.Effort = race.EffortBalance(&st.Tour, st.Prior(n), st.Results[n-1])
	}
	return c.JSON(http.StatusOK, ans)
}

// fatigueBody is a stage's 2RUOTE fatigue by bib.
type fatigueBody struct {
	Fatigue map[int]int `json:"fatigue"`
}

// APISetFatigue stores each rider's fatigue at the end of the stage.
func (h *Handler) APISetFatigue(c echo.Context) error {
	var b fatigueBody
	return h.resultCall(c, &b, func(id uint, n, v int) error { return h.StoreFor(c).SetFatigue(id, n, v, b.Fatigue) })
}

// weatherBody is a stage's weather rolls.
type weatherBody struct {
	Weather []string `json:"weather"`
}

// APISetWeather stores the Ciclismo a fondo weather of the stage.
func (h *Handler) APISetWeather(c echo.Context) error {
	var b weatherBody
	return h.resultCall(c, &b, func(id uint, n, v int) error { return h.StoreFor(c).SetWeather(id, n, v, b.Weather) })
}

// bibBody names one rider.
type bibBody struct {
	Bib int `json:"bib"`
}

// APISetCombativity names the stage's most combative rider.
func (h *Handler) APISetCombativity(c echo.Context) error {
	var b bibBody
	return h.resultCall(c, &b, func(id uint, n, v int) error { return h.StoreFor(c).SetCombativity(id, n, v, b.Bib) })
}

// APIAddLostTurn records turns a rider lost; a second crash in the stage also records his
// abandonment, which the answer's "notice" says.
func (h *Handler) APIAddLostTurn(c echo.Context) error {
	var l race.LostTurn
	return h.noticeCall(c, &l, func(id uint, n, v int) (string, error) {
		out, err := h.StoreFor(c).AddLostTurn(id, n, v, l)
		if out {
			return base.SayIn(c, secondCrashNotice(l.Bib)), err
		}
		return "", err
	})
}

// secondCrashNotice says that a second crash took a rider out of the race (in the asker's language).
func secondCrashNotice(bib int) i18n.Text {
	return i18n.Textf("second crash: bib %d leaves the race", bib)
}

// APICloseStage ends the stage, or answers 422 with what is missing.
func (h *Handler) APICloseStage(c echo.Context) error {
	return h.resultCall(c, nil, func(id uint, n, v int) error {
		err := h.StoreFor(c).CloseStage(id, n, v)
		if ie, ok := err.(*store.IncompleteError); ok {
			return &base.MissingError{Missing: ie.Missing, Fields: ie.Fields}
		}
		return err
	})
}

// APIReopenStage reopens the last closed stage.
func (h *Handler) APIReopenStage(c echo.Context) error {
	return h.resultCall(c, nil, func(id uint, n, _ int) error { return h.StoreFor(c).ReopenStage(id, n) })
}

// APIUndo takes back the last change of the open stage.
func (h *Handler) APIUndo(c echo.Context) error {
	return h.resultCall(c, nil, func(id uint, n, v int) error {
		_, err := h.StoreFor(c).Undo(id, n, v)
		return err
	})
}

// APIHistory answers the changes of a stage, newest first.
func (h *Handler) APIHistory(c echo.Context) error {
	id, n, err := base.StageParams(c)
	if err != nil {
		return err
	}
	lines, err := h.StoreFor(c).History(id, n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, lines)
}

// APIStandings answers the standings after stage n (default: the last closed stage).
func (h *Handler) APIStandings(c echo.Context) error {
	id, err := base.IDParam(c, "id", "tour")
	if err != nil {
		return err
	}
	after, err := base.AfterParam(c)
	if err != nil {
		return err
	}
	if c.QueryParam("provisional") != "" {
		return h.apiProvisionalStandings(c, id, after)
	}
	st, rs, err := h.StoreFor(c).Standings(id, after)
	if err != nil {
		return err
	}
	pubs, err := h.StoreFor(c).Publications(rs, st.AfterStage)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, standingsAnswer{Standings: st, Publication: publicationAnswer{pubs[st.AfterStage-1], sheets.ChangeLines(h.Tr(c), &rs.Tour.Ruleset, pubs[st.AfterStage-1])}})
}
