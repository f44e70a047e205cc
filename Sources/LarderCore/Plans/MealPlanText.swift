import Foundation

/// A plan written as plain text, one meal a line: a day or date and a colon if you like, a
/// recipe's id or title, and how many it is for if not as the recipe says:
///
/// ```
/// # week 23
/// Mon: chickpea-curry-1a2b3c4d x4
/// Tue dinner: Simple Lasagna for 6
/// Wed:
///   Pancakes
///   Tomato soup x2
/// 2024-06-07: Apple pie
/// ```
///
/// A line with a day alone (`Wed:`) heads the lines below it, which are meals of that day. The
/// day is any text before a colon that starts with a day's name (English, German, French,
/// Spanish, Italian, Dutch; in full or short) or a date (`2024-06-07`, `7.6.`, `6/7`), so that a
/// title with a colon in it (`Pasta: the quick one`) stays a title. Servings: `x4`, `× 4` or
/// `for 4` at the end of the line. `#` starts a comment, at the start of a line or standing alone
/// after a meal.
public enum MealPlanText {
    public static func read(_ text: String) -> MealPlan {
        var plan = MealPlan()
        var day: String?
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let place = "line \(offset + 1)"
            var line = withoutComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if let (prefix, rest) = dayPrefix(of: line) {
                day = prefix
                line = rest
                if line.isEmpty { continue }
            }
            switch servings(in: line) {
            case .failure(let problem):
                plan.problems.append(.init(place: place, reason: problem.description))
            case .success(let (recipe, servings)):
                guard !recipe.isEmpty else {
                    plan.problems.append(.init(place: place, reason: "no recipe is named: write a recipe's id or title (larder list shows them)"))
                    continue
                }
                plan.meals.append(.init(place: place, day: day, recipe: recipe, servings: servings))
            }
        }
        return plan
    }

    /// The line without a `#` comment: one at the start, or a `#` standing alone after the meal
    /// (`Pie # Sunday`); a `#` written onto a word (`Recipe #5`) is part of the title.
    static func withoutComment(_ line: String) -> String {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { return "" }
        guard let range = line.range(of: #"\s#(\s|$)"#, options: .regularExpression) else { return line }
        return String(line[..<range.lowerBound])
    }

    /// The day before the line's first colon, and what follows it.
    static func dayPrefix(of line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let prefix = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard let first = prefix.split(separator: " ").first, prefix.count <= 40, isDay(String(first)) else { return nil }
        return (prefix, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    static func isDay(_ word: String) -> Bool {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: CharacterSet(charactersIn: ".,"))
        if dayNames.contains(folded) { return true }
        return word.range(of: #"^\d{4}-\d{1,2}-\d{1,2}$|^\d{1,2}[./]\d{1,2}[./]?(\d{2,4})?$"#, options: .regularExpression) != nil
    }

    static let dayNames: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun", "today", "tomorrow",
        "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag", "mo", "di", "mi", "do", "fr", "sa", "so",
        "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lun", "mar", "mer", "jeu", "ven", "sam", "dim",
        "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo",
        "lunedi", "martedi", "mercoledi", "giovedi", "venerdi", "sabato", "domenica",
        "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag", "ma", "wo", "vr", "za", "zo",
    ]

    /// The recipe and the servings of a meal's text: `x4`, `× 4` or `for 4` at its end. A
    /// servings mark with no number of servings from 0.1 to 10,000 after it is a wrong line.
    static func servings(in text: String) -> Result<(String, Double?), ServingsProblem> {
        var words = text.split(separator: " ").map(String.init)
        guard let last = words.last else { return .success((text, nil)) }
        let marks: Set<String> = ["x", "×", "for"]
        var written: String?
        if words.count >= 2, marks.contains(words[words.count - 2].lowercased()), startsLikeANumber(last) || words.count == 2 {
            written = last
            words.removeLast(2)
        } else if let first = last.first, "xX×".contains(first), last.count > 1, startsLikeANumber(String(last.dropFirst())) {
            written = String(last.dropFirst())
            words.removeLast()
        } else if marks.contains(last.lowercased()), last.lowercased() != "for", words.count >= 2 {
            return .failure(ServingsProblem("\"\(last)\" at the end of the line has no number of servings after it: write x and a number, such as x4"))
        }
        let recipe = words.joined(separator: " ")
        guard let written else { return .success((recipe, nil)) }
        guard let value = Double(written.replacingOccurrences(of: ",", with: ".")), MealPlan.servingsRange.contains(value) else {
            return .failure(ServingsProblem("\"\(written)\" is not a number of servings: write a number from 0.1 to 10,000, such as x4"))
        }
        return .success((recipe, value))
    }

    static func startsLikeANumber(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return first.isNumber || "-.,+".contains(first)
    }

    struct ServingsProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
