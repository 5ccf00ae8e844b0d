// Package race is the pure domain of Race Director: rulesets, time models,
// scoring, classifications with their tie-breaks, tour proposals and
// advantage allowances. It imports the standard library only.
package race

import "cmp"

// Time models: how a finish is entered at the table and turned into a time.
const (
	// TimeModelCyclingParty is finish groups {turn, square, die} → seconds (docs/rules.md §1.8).
	TimeModelCyclingParty = "cycling-party"
	// TimeModelTurns is finish groups {turn} → turns (Ciclismo a fondo, docs/rules.md §2.4).
	TimeModelTurns = "turns"
	// TimeModelSectors is finish groups {sector} → 30 s per sector (2RUOTE, docs/rules.md §3.3).
	TimeModelSectors = "sectors"
	// TimeModelClock is real clock times per rider in hundredths of a second (uci-road). With
	// TimeUnit seconds (uci-road's choice) stage and classification times and gaps are whole
	// seconds, the hundredths dropped as official GCs show them; the hundredths still place the
	// riders of a time trial and, summed over the time trials, break ties in the individual
	// classification. With TimeUnit hundredths every time is kept to the hundredth.
	TimeModelClock = "clock"
)

// Classification identifiers, as used in JSON and in Ruleset.Classifications.
const (
	ClassStage        = "stage"
	ClassIndividual   = "individual"
	ClassRegularity   = "regularity"
	ClassMountain     = "mountain"
	ClassSprints      = "sprints"
	ClassTeams        = "teams"
	ClassCyclingParty = "cycling_party"
	// ClassYouth is the young riders' classification (white jersey): the individual classification
	// of the riders born on or after the tour's cut-off date.
	ClassYouth = "youth"
)

// Advantage kinds recorded during a stage (docs/rules.md §1.6, §2.5).
const (
	AdvWaterBottle    = "water_bottle"
	AdvSprint         = "sprint"
	AdvAttack         = "attack"
	AdvMountainAttack = "mountain_attack"
	AdvDoubleThrow    = "double_throw"
	AdvEffort         = "effort"
)

// Ruleset is one rule system as data: every table the engine scores with.
// It is loaded from data/rulesets/*.json and a tour keeps its own copy.
type Ruleset struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// Language is the language of the game's rulebook ("es", "it", "en"): the language of every
	// Name, Description and the first word of every term. Empty is read as English.
	Language    string `json:"language,omitempty"`
	Description string `json:"description,omitempty"`
	// Descriptions gives the description in the other languages.
	Descriptions Words `json:"descriptions,omitempty"`
	// Terms are the game's own words for what the app names (its control sheets "sheet.<id>", its
	// classifications "class.<id>", its time unit "time_unit", its squares "square"/"squares", …),
	// each in every language.
	Terms   map[string]Words `json:"terms,omitempty"`
	Default bool             `json:"default,omitempty"`
	// TimeModel is one of the TimeModel* constants.
	TimeModel string `json:"time_model"`
	// TimeUnit is "seconds", "turns" or "hundredths" (the unit of stage times).
	TimeUnit string `json:"time_unit"`
	// SecondsPerSector is the time of one 2RUOTE sector (30).
	SecondsPerSector int `json:"seconds_per_sector,omitempty"`
	// SquareName says what a square is ("km" in Cycling Party).
	SquareName string `json:"square_name,omitempty"`
	// OfficialResults marks a clock ruleset whose finishes are copied from official result sheets
	// (uci-road): a road stage's placing is the order the riders are entered in (the order of
	// arrival, whatever the times: a rider held up by a crash in the last 3 km keeps his group's
	// time but not its place), time trials are ranked by time, and every rider keeps the time
	// entered (a team time trial's times are not recomputed).
	OfficialResults bool `json:"official_results,omitempty"`

	Roles []Role    `json:"roles"`
	Team  TeamRules `json:"team"`

	StageTypes      []StageType     `json:"stage_types"`
	ClimbCategories []ClimbCategory `json:"climb_categories"`
	// Sections converts Ciclismo a fondo real-km sections to squares (docs/rules.md §2.2).
	Sections []SectionType `json:"sections,omitempty"`
	// Cards lists the 2RUOTE terrain cards (docs/rules.md §3.2).
	Cards []CardType `json:"cards,omitempty"`

	// SprintPoints are the intermediate-sprint classification points, 1st first.
	SprintPoints []int `json:"sprint_points,omitempty"`
	// SprintRegularity are regularity points won at intermediate sprints (Ciclismo a fondo 5,3,1).
	SprintRegularity []int `json:"sprint_regularity,omitempty"`
	// SprintBonuses are time bonuses (in TimeUnit) at intermediate sprints.
	SprintBonuses []int `json:"sprint_bonuses,omitempty"`
	// ClimbBonuses are time bonuses (in TimeUnit) to the first over a categorised climb.
	ClimbBonuses []int `json:"climb_bonuses,omitempty"`
	// FinishBonuses are time bonuses (in TimeUnit) at the finish.
	FinishBonuses []int `json:"finish_bonuses,omitempty"`
	// TeamBest is how many best stage times make a team's stage time (3, or 4).
	TeamBest int `json:"team_best"`
	// TTTRider makes a team time trial's time in official results the time of the team's TTTRider-th
	// rider: he and the riders ahead of him get it, the riders dropped keep their own (0: 4, the UCI's).
	TTTRider int `json:"ttt_rider,omitempty"`
	// YouthYears sets the young riders' default cut-off: born on or after 1 January of the race's
	// year minus YouthYears (25: the under-26 rule of the big tours). 0 means 25.
	YouthYears int `json:"youth_years,omitempty"`
	// Classifications lists the classifications this ruleset has (Class* constants).
	Classifications []string `json:"classifications"`
	// Jerseys names the leader's jersey of each classification.
	Jerseys map[string]Jersey `json:"jerseys,omitempty"`
	// Points is the default Cycling Party points definition (docs/rules.md §1.5).
	Points *PointsDefinition `json:"points,omitempty"`
	// Advantages are the per-team allowances (docs/rules.md §1.6).
	Advantages []AdvantageRule `json:"advantages,omitempty"`
	// Effort holds the Ciclismo a fondo effort-point rules (docs/rules.md §2.5).
	Effort *EffortRules `json:"effort,omitempty"`
	// Weathers are the weathers a stage's rolls can give (docs/rules.md §2.6); none: the game
	// records no weather.
	Weathers []string `json:"weathers,omitempty"`
	// WeatherRolls are the moments of a stage the weather is rolled, in order (Ciclismo a fondo: the start,
	// ⅓, ½ and ¾ of the stage; docs/rules.md §2.6): ids whose words are the catalogues' (WeatherRollWord).
	WeatherRolls []string `json:"weather_rolls,omitempty"`
	// StageCombativity says the game names the most combative rider of every stage (Ciclismo a fondo's
	// premio a la combatividad, docs/rules.md §2.6): End stage asks for him.
	StageCombativity bool `json:"stage_combativity,omitempty"`
	// LostTurnReasons are why a rider may lose turns (docs/rules.md §2.6); none: the game records
	// no lost turns.
	LostTurnReasons []LostTurnReason `json:"lost_turn_reasons,omitempty"`
	// Fatigue holds the 2RUOTE fatigue rules (docs/rules.md §3.6).
	Fatigue *FatigueRules `json:"fatigue,omitempty"`
	// Volata holds the 2RUOTE sprint calculator numbers (docs/rules.md §3.4).
	Volata *VolataRules `json:"volata,omitempty"`
	// Proposal holds the tour-proposal numbers (profiles, lengths, spacing).
	Proposal *ProposalRules `json:"proposal,omitempty"`
	// StagesByTheBook makes the stage review hold every stage to its type as the game's book says
	// (ReviewStages: the climbs, terrains and sprints each type allows; docs/rules.md §1.2, §2.2,
	// §3.2). Real races, whose courses are what their organisers drew, leave it off.
	StagesByTheBook bool `json:"stages_by_the_book,omitempty"`
}

// Role is one rider role (Cycling Party counter number, Ciclismo a fondo rider type).
type Role struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// Counter is the counter number that gives this role (Cycling Party), 0 if free.
	Counter int `json:"counter,omitempty"`
	// MaxPerTeam limits riders of this role in one team; 0 means no limit.
	MaxPerTeam int `json:"max_per_team,omitempty"`
}

// TeamRules are the team-composition rules of a ruleset.
type TeamRules struct {
	MinRiders int `json:"min_riders"`
	MaxRiders int `json:"max_riders"`
	// RiderCounts, when set, lists the allowed riders per team (Cycling Party: 5 or 6).
	RiderCounts []int `json:"rider_counts,omitempty"`
	MinTeams    int   `json:"min_teams"`
	MaxTeams    int   `json:"max_teams"`
	// MaxCost is the 2RUOTE team cost limit (sum of riders' "cost" attribute); 0 means none.
	MaxCost int `json:"max_cost,omitempty"`
	// Attributes names the ruleset-specific rider values kept in Rider.Attributes, with their ranges.
	Attributes []AttributeRule `json:"attributes,omitempty"`
}

// AttributeRule is one ruleset-specific rider value and its allowed range.
type AttributeRule struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	Min   int   `json:"min"`
	Max   int   `json:"max"`
}

// StageType is one kind of stage and everything that depends on it.
type StageType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// MinClimbs and MaxClimbs bound the number of climbs of a stage of this type: a proposal keeps to
	// them and, in a ruleset StagesByTheBook, so does every stage the director edits.
	MinClimbs int `json:"min_climbs"`
	MaxClimbs int `json:"max_climbs"`
	// ClimbCategories are the categories a stage of this type may climb (the book's, docs/rules.md
	// §1.2, §2.2): a proposal draws from them.
	ClimbCategories []string `json:"climb_categories,omitempty"`
	// MustInclude are categories every proposed stage of this type contains (the proposal's choice,
	// not a rule the review holds an edited stage to).
	MustInclude []string `json:"must_include,omitempty"`
	// Sprints is the number of intermediate sprints.
	Sprints int `json:"sprints"`
	// FixedSprints makes Sprints the number every stage of this type has, not only a proposed one
	// (Cycling Party's book: flat 5, low 4, medium and high 3; a time trial none).
	FixedSprints bool `json:"fixed_sprints,omitempty"`
	// Terrains are the terrains a stage of this type may hold beside its climbs: a Ciclismo a fondo
	// section's terrain (SectionFlat, SectionDescent, SectionTimeTrial), a 2RUOTE terrain card's (a
	// flat stage is "totalmente de llano"); none: any.
	Terrains []string `json:"terrains,omitempty"`
	// MinLength and MaxLength bound the proposed length in squares.
	MinLength int `json:"min_length"`
	MaxLength int `json:"max_length"`
	// Regularity are the finish regularity points, 1st first.
	Regularity []int `json:"regularity"`
	// SprintAdvantages is the sprinter's sprint allowance in a stage of this type.
	SprintAdvantages int `json:"sprint_advantages,omitempty"`
	// TimeTrial is "" for a road stage, "individual" or "team".
	TimeTrial string `json:"time_trial,omitempty"`
	// FinishOnClimb allows a proposal to finish on the last climb.
	FinishOnClimb bool `json:"finish_on_climb,omitempty"`
	// TimeCut is the time limit of a stage of this type in official results, in percent of the
	// winner's time (0: none); a tour may set its own.
	TimeCut int `json:"time_cut,omitempty"`
}

// ClimbCategory is one climb category with its length and points.
type ClimbCategory struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// Squares is the climb's length on the board (0: free length, as in Ciclismo a fondo).
	Squares int `json:"squares"`
	// Points are mountain points by crossing order.
	Points []int `json:"points"`
	// Rank orders categories for mountain tie-breaks: 1 is the hardest (hors).
	Rank int `json:"rank"`
}

// SectionType converts real kilometres of one kind of section to squares (Ciclismo a fondo).
type SectionType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// SquaresPerKm is the conversion factor.
	SquaresPerKm int `json:"squares_per_km"`
	// MinKm and MaxKm bound the section's length (0 = unbounded).
	MinKm int `json:"min_km,omitempty"`
	MaxKm int `json:"max_km,omitempty"`
	// Climb names the climb category this section is, if it is a climb.
	Climb string `json:"climb,omitempty"`
	// Terrain is what a section that is not a climb is (SectionFlat, SectionDescent,
	// SectionTimeTrial): the proposal and the profile go by it, never by the section's id or name.
	Terrain string `json:"terrain,omitempty"`
	// Drop is a descent's steepness, 1 (low) to 3 (high): the descent after the hardest climbs is
	// the steepest (docs/rules.md §2.2).
	Drop int `json:"drop,omitempty"`
}

// Section terrains (SectionType.Terrain).
const (
	// SectionFlat is a flat section.
	SectionFlat = "flat"
	// SectionDescent is a descent.
	SectionDescent = "descent"
	// SectionTimeTrial is a time-trial section.
	SectionTimeTrial = "time_trial"
)

// CardType is one 2RUOTE terrain card.
type CardType struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// Terrain is flat, mountain, descent or hill.
	Terrain string `json:"terrain"`
	// Special marks GPM, TV or R cards.
	Special string `json:"special,omitempty"`
}

// Jersey is the leader's jersey of a classification.
type Jersey struct {
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words  `json:"names,omitempty"`
	Color string `json:"color"`
	// Pattern is how the jersey is drawn: plain in its colour (""), or white with dots of its colour
	// (JerseyDots, the polka-dot jersey).
	Pattern string `json:"pattern,omitempty"`
}

// Jersey patterns (Jersey.Pattern).
const (
	// JerseyPlain is a jersey in its colour.
	JerseyPlain = ""
	// JerseyDots is a white jersey with dots of its colour (the polka-dot jersey).
	JerseyDots = "dots"
)

// Dotted reports whether the jersey is drawn white with dots of its colour.
func (j Jersey) Dotted() bool { return j.Pattern == JerseyDots }

// PointsDefinition is the Cycling Party points table: how managers score.
type PointsDefinition struct {
	StageWin   int   `json:"stage_win"`
	Individual []int `json:"individual"`
	Regularity []int `json:"regularity"`
	Mountain   []int `json:"mountain"`
	Sprints    []int `json:"sprints"`
	Teams      []int `json:"teams"`
}

// AdvantageRule is one advantage and its allowance (docs/rules.md §1.6).
type AdvantageRule struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	// Names gives the name in the other languages (Name is the game's own, in its rulebook's language).
	Names Words `json:"names,omitempty"`
	// PerStage is the team's allowance per stage (0 = not limited per stage).
	PerStage int `json:"per_stage,omitempty"`
	// PerStageByType overrides PerStage by stage type (sprints: flat 3, low 2...).
	PerStageByType map[string]int `json:"per_stage_by_type,omitempty"`
	// PerTourHorsHalf gives a per-tour allowance of ceil(hors climbs / 2).
	PerTourHorsHalf bool `json:"per_tour_hors_half,omitempty"`
	// PerClimb gives an allowance per climb by category (double throws: first 1, hors 2).
	PerClimb map[string]int `json:"per_climb,omitempty"`
	// PerRiderPerTurn and PerTeamPerTurn limit uses in one turn (water bottles 2 and 3).
	PerRiderPerTurn int `json:"per_rider_per_turn,omitempty"`
	PerTeamPerTurn  int `json:"per_team_per_turn,omitempty"`
	// Role restricts the advantage to riders of this role.
	Role string `json:"role,omitempty"`
	// ClimbCategories restricts the advantage to climbs of these categories.
	ClimbCategories []string `json:"climb_categories,omitempty"`
	// Variants lists allowed variants (sprint: 3d6, d20).
	Variants []string `json:"variants,omitempty"`
	// NotAfterFinish refuses a use for a rider who has finished the stage.
	NotAfterFinish bool `json:"not_after_finish,omitempty"`
}

// EffortRules are the Ciclismo a fondo effort-point rules (docs/rules.md §2.5).
type EffortRules struct {
	// Allowance by role for a tour of ReferenceStages stages.
	Allowance       map[string]int `json:"allowance"`
	ReferenceStages int            `json:"reference_stages"`
	// Recovery by role after each stage.
	Recovery map[string]int `json:"recovery"`
	// RestDayFactor multiplies recovery after a rest day.
	RestDayFactor int `json:"rest_day_factor"`
	// FeedZone is the points given back by each feed zone.
	FeedZone int `json:"feed_zone"`
	// NoRecoveryWeather names the weather after which nobody recovers ("cold").
	NoRecoveryWeather string `json:"no_recovery_weather,omitempty"`
	// NoEffortWeather names the weather in which no effort point may be spent ("rain").
	NoEffortWeather string `json:"no_effort_weather,omitempty"`
}

// FatigueRules are the 2RUOTE fatigue rules (docs/rules.md §3.6).
type FatigueRules struct {
	// Limit above which a rider retires (basic game), AdvancedLimit in the advanced game.
	Limit         int `json:"limit"`
	AdvancedLimit int `json:"advanced_limit"`
}

// VolataRules are the 2RUOTE sprint numbers (docs/rules.md §3.4).
type VolataRules struct {
	FinishFatigue int `json:"finish_fatigue"`
	SprintFatigue int `json:"sprint_fatigue"`
	HelperBonus   int `json:"helper_bonus"`
	TokenBonus    int `json:"token_bonus"`
}

// ProposalRules are the numbers a tour proposal uses (docs/rules.md §1.4).
type ProposalRules struct {
	// MinGap is the number of flat squares kept between climbs.
	MinGap int `json:"min_gap"`
	// NoSprintLast is the length of the final stretch with no intermediate sprint.
	NoSprintLast int `json:"no_sprint_last"`
	// KmMarkerEvery is the distance between kilometre indicators.
	KmMarkerEvery int `json:"km_marker_every"`
	// AttackLine, SprintLines are the "to go" lines (50; 8 and 6).
	AttackLine  int   `json:"attack_line"`
	SprintLines []int `json:"sprint_lines"`
	// TimeIndicators is the number of time-indicator squares after the finish (12).
	TimeIndicators int `json:"time_indicators"`
}

// The languages a ruleset's words are given in.
const (
	LanguageEnglish = "en"
	LanguageSpanish = "es"
	LanguageItalian = "it"
)

// Languages lists the languages every named thing of a ruleset has a name in.
func Languages() []string { return []string{LanguageEnglish, LanguageSpanish, LanguageItalian} }

// Words are a name in other languages, by language code ("en", "es", "it").
type Words map[string]string

// in is the name in lang: its own words when it has them, else the original.
func (w Words) in(lang, original string) string {
	if s, ok := w[lang]; ok && s != "" {
		return s
	}
	return original
}

// NameIn is the ruleset's name in lang.
func (r Ruleset) NameIn(lang string) string { return r.Names.in(lang, r.Name) }

// DescriptionIn is the ruleset's description in lang.
func (r Ruleset) DescriptionIn(lang string) string { return r.Descriptions.in(lang, r.Description) }

// OwnLanguage is the language of the game's rulebook: Language, English when it is not set.
func (r Ruleset) OwnLanguage() string {
	if r.Language == "" {
		return LanguageEnglish
	}
	return r.Language
}

// TermIn is the game's word for key in lang ("sheet.general" in Ciclismo a fondo is "Hoja de
// control de la general" in Spanish), else in the game's own language; "" when the game has no
// word of its own for key (the caller then uses the app's).
func (r Ruleset) TermIn(key, lang string) string {
	w := r.Terms[key]
	return w.in(lang, w[r.OwnLanguage()])
}

// TimeUnitIn names the unit of the game's times in lang ("turnos", "secondi").
func (r Ruleset) TimeUnitIn(lang string) string {
	return cmp.Or(r.TermIn("time_unit", lang), r.TimeUnit)
}

// SquareNameIn names one square of the game's board in lang ("casilla", "km", "carta terreno").
func (r Ruleset) SquareNameIn(lang string) string {
	return cmp.Or(r.TermIn("square", lang), r.SquareName, "square")
}

// SquaresNameIn names several squares of the game's board in lang ("casillas", "km").
func (r Ruleset) SquaresNameIn(lang string) string {
	return cmp.Or(r.TermIn("squares", lang), r.SquareName, "squares")
}

// NameIn is the role's name in lang.
func (ro Role) NameIn(lang string) string { return ro.Names.in(lang, ro.Name) }

// NameIn is the attribute's name in lang.
func (a AttributeRule) NameIn(lang string) string { return a.Names.in(lang, a.Name) }

// NameIn is the stage type's name in lang.
func (st StageType) NameIn(lang string) string { return st.Names.in(lang, st.Name) }

// NameIn is the climb category's name in lang.
func (cc ClimbCategory) NameIn(lang string) string { return cc.Names.in(lang, cc.Name) }

// NameIn is the section type's name in lang.
func (sc SectionType) NameIn(lang string) string { return sc.Names.in(lang, sc.Name) }

// NameIn is the card's name in lang.
func (ct CardType) NameIn(lang string) string { return ct.Names.in(lang, ct.Name) }

// NameIn is the jersey's name in lang.
func (j Jersey) NameIn(lang string) string { return j.Names.in(lang, j.Name) }

// NameIn is the advantage's name in lang.
func (a AdvantageRule) NameIn(lang string) string { return a.Names.in(lang, a.Name) }
