import LarderCore
import Testing

/// Times and yields as recipes write them in words, approximately, and in other languages.
struct DurationAndYieldWordingTests {
    @Test(arguments: [
        // Approximations.
        ("about 20 minutes", 20.0), ("approx. 45 minutes", 45), ("ca. 1 Stunde", 60), ("environ 1 heure", 60),
        ("unos 20 minutos", 20), ("cerca de 30 minutos", 30), ("ongeveer 40 minuten", 40),
        // Spelled out.
        ("half an hour", 30), ("an hour and a half", 90), ("1 and a half hours", 90), ("a quarter of an hour", 15),
        ("eine Stunde", 60), ("anderthalb Stunden", 90), ("une heure et demie", 90), ("un quart d'heure", 15),
        ("una hora y media", 90), ("un'ora e mezza", 90), ("uma hora e meia", 90), ("een half uur", 30), ("een kwartier", 15),
        ("1 time og en halv", 90), ("pół godziny", 30),
        // Units of other languages.
        ("1 Std. 30 Min.", 90), ("20 minutos", 20), ("45 Minuten", 45), ("1 heure 15", 75), ("1 ora e 30 minuti", 90),
        ("1 uur en 20 minuten", 80), ("2 timer", 120), ("30 minuter", 30), ("1 time og 30 minutter", 90), ("20 minut", 20),
        ("1 godzina", 60), ("2 dagen", 2880),
    ] as [(String, Double)])
    func readsTimesInWords(_ text: String, _ minutes: Double) {
        let duration = DurationParser.parse(text)
        #expect(duration?.minutes == minutes)
        #expect(duration?.text == text)
    }

    @Test func rangesInOtherLanguages() {
        let french = DurationParser.parse("20 à 25 minutes")
        #expect(french?.minutes == 20 && french?.upperMinutes == 25)
        let spanish = DurationParser.parse("20 a 25 minutos")
        #expect(spanish?.minutes == 20 && spanish?.upperMinutes == 25)
    }

    @Test func whatIsNoTimeStaysText() {
        for text in ["overnight", "3 hours plus overnight", "1 hour of rest", "a while"] {
            let duration = DurationParser.parse(text)
            #expect(duration?.minutes == nil)
            #expect(duration?.text == text)
        }
    }

    @Test(arguments: [
        ("1 ½ dozen", 18.0, nil), ("2 dozen cookies", 24, "cookies"), ("1 3/4 cups", 1.75, "cups"), ("1-1/2 cups", 1.5, "cups"),
        ("2 (9-inch) pies", 2, "pies"), ("one 9x13 pan", 1, "pan"), ("Makes one 9 x 13-inch pan", 1, "pan"),
        ("1 9-inch pie", 1, "pie"), ("1 (9x5-inch) loaf", 1, "loaf"), ("environ 6 personnes", 6, "servings"),
        ("ca. 12 Stück", 12, "stück"), ("4 a 6 porciones", 4, "servings"),
    ] as [(String, Double, String?)])
    func readsYieldsInWords(_ text: String, _ quantity: Double, _ unit: String?) {
        let yield = YieldParser.parse(text)
        #expect(yield?.quantity?.value == quantity)
        #expect(yield?.unit == unit)
        #expect(yield?.text == text)
    }

    /// People are not counted in fractions: `6/8 servings`, `Pour 4/6 personnes` (as French
    /// pages write a range; latelierderoxane.com's page in recipe-scrapers' tests) are 6 to 8
    /// and 4 to 6, not 0.75 and 0.67, which scaled a recipe ten times over. Half a serving and a
    /// fraction of a cup stay fractions.
    @Test func aSlashBetweenTwoCountsOfPeopleIsARange() {
        #expect(YieldParser.parse("6/8 servings")?.servings == Amount(6, upper: 8))
        #expect(YieldParser.parse("Pour 4/6 personnes")?.servings == Amount(4, upper: 6))
        #expect(YieldParser.parse("1/2 serving")?.servings == Amount(0.5))
        #expect(YieldParser.parse("3/4 cup")?.quantity == Amount(0.75))
    }

    @Test func panAndPieceYieldsAreNotServings() {
        #expect(YieldParser.parse("2 (9-inch) pies")?.servings == nil)
        #expect(YieldParser.parse("one 9x13 pan")?.servings == nil)
        #expect(YieldParser.parse("Serves 4")?.servings == Amount(4))
        #expect(YieldParser.parse("4 a 6 porciones")?.servings == Amount(4, upper: 6))
    }
}
