/// How recipes write times, in English and in the languages Larder reads: unit words with their
/// minutes, words that make a time approximate, words for "and", and the fractions of an hour
/// that are written as words ("half an hour", "une heure et demie", "een kwartier").
enum DurationWords {
    /// Unit words (lower case, trailing dot removed) → minutes.
    static let units: [String: Double] = {
        var units: [String: Double] = [:]
        let groups: [(minutes: Double, words: [String])] = [
            (1_440, ["days", "day", "d", "tage", "tag", "tagen", "jours", "jour", "j", "días", "día", "dias", "dia", "giorni", "giorno",
                     "dagen", "dag", "dage", "dagar", "dni", "dzień", "dnia", "doby"]),
            (60, ["hours", "hour", "hrs", "hr", "h", "stunden", "stunde", "std", "stdn", "heures", "heure", "hres", "hre", "horas", "hora",
                  "ore", "ora", "uren", "uur", "u", "timer", "time", "timmar", "timme", "tim", "godziny", "godzina", "godzin", "godzinę", "godz"]),
            (15, ["kwartier", "kvarter", "viertelstunde", "viertelstunden"]),
            (1, ["minutes", "minute", "mins", "min", "m", "mn", "minuten", "minute", "minutos", "minuto", "minuti", "minuut", "minutter",
                 "minutt", "minuter", "minut", "minuty", "minutę", "minutes"]),
            (1.0 / 60, ["seconds", "second", "secs", "sec", "s", "sekunden", "sekunde", "sek", "secondes", "seconde", "segundos", "segundo",
                        "secondi", "seconden", "sekunder", "sekund", "sekundy"]),
        ]
        for (minutes, words) in groups {
            for word in words where units[word] == nil { units[word] = minutes }
        }
        return units
    }()

    /// Words that make a time approximate ("about 20 minutes", "ca. 1 Stunde", "environ 1 heure",
    /// "unos 20 minutos", "cerca de 30 minutos"): skipped.
    static let approximations: Set<String> = [
        "about", "approx", "approximately", "around", "roughly", "circa", "ca", "c", "environ", "env", "etwa", "ungefähr",
        "rund", "unos", "unas", "aprox", "aproximadamente", "cerca", "ongeveer", "omkring", "ungefär", "cirka",
        "około", "oko", "just", "under", "over", "some",
    ]

    /// Words that join the parts of a time ("1 hour and 20 minutes", "1 heure et demie").
    static let joiners: Set<String> = ["and", "und", "et", "y", "e", "en", "og", "och", "i", "plus", "+", ",", "&"]

    /// Words between a fraction and its unit ("a quarter of an hour", "un quart d'heure").
    static let connectors: Set<String> = ["of", "de", "d", "di", "del", "van", "af", "av"]

    /// Articles that mean one ("an hour", "une heure", "eine Stunde").
    static let articles: Set<String> = ["a", "an", "un", "une", "una", "uno", "ein", "eine", "einer", "einen", "een", "en", "et", "ett", "um", "uma"]

    /// Fractions written as words ("half", "demie", "media", "meia", "halv", "pół", "quart").
    static let fractions: [String: Double] = [
        "half": 0.5, "halb": 0.5, "halbe": 0.5, "halben": 0.5, "halber": 0.5, "demi": 0.5, "demie": 0.5, "media": 0.5,
        "medio": 0.5, "mezza": 0.5, "mezzo": 0.5, "meia": 0.5, "meio": 0.5, "halve": 0.5, "halv": 0.5, "halva": 0.5, "halvt": 0.5,
        "halvandet": 1.5, "pół": 0.5, "quarter": 0.25, "quart": 0.25, "cuarto": 0.25, "quarto": 0.25, "viertel": 0.25,
        "three-quarters": 0.75, "dreiviertel": 0.75, "anderthalb": 1.5, "eineinhalb": 1.5, "anderhalf": 1.5, "halvannen": 1.5,
        "halvanden": 1.5, "halvtannen": 1.5, "półtorej": 1.5, "półtora": 1.5,
    ]

    /// Words between the two ends of a range ("20-25 minutes", "20 à 25 minutes", "20 bis 25 Minuten").
    static let rangeWords: Set<String> = ["-", "to", "or", "à", "a", "bis", "tot", "til", "till", "do", "ou", "o", "oder", "eller", "lub"]
}
