import Foundation
import LarderCore

/// Page titles carry the site's name and the word "Recipe" ("Banh Mi | Tofoo", "Cherry Sugar
/// Plums — Tasting History", "Chilli con carne recipe"); the recipe's title is the rest.
enum TitleCleaner {
    static let recipeWords: Set<String> = ["recipe", "recipes", "rezept", "rezepte", "recept", "recepten", "recette", "recettes", "receta", "recetas", "ricetta", "receita", "opskrift", "oppskrift"]

    /// The site's name a page title ends with ("Green Minestrone Soup | Donna Hay",
    /// "Easy Garlic Chicken - Eat This Much"), or nil when the title has no such part.
    static func siteName(in title: String) -> String? {
        for separator in [" | ", " — ", " – ", " - "] {
            guard let cut = title.range(of: separator, options: .backwards) else { continue }
            let tail = TextCleaner.line(String(title[cut.upperBound...]))
            guard tail.count >= 3, tail.count <= 40, tail.contains(where: \.isLetter), !recipeWords.contains(tail.lowercased()) else { return nil }
            return tail
        }
        return nil
    }

    /// A site name that runs on into a slogan ("Donal Skehan | EAT LIVE GO - Donal Skehan is
    /// a food writer…"): what comes before the first bar or dash.
    static func shortSiteName(_ name: String) -> String {
        var text = name
        for separator in [" | ", " - ", " — ", " – "] {
            if let cut = text.range(of: separator), text.distance(from: text.startIndex, to: cut.lowerBound) >= 3 { text = String(text[..<cut.lowerBound]) }
        }
        return TextCleaner.line(text)
    }

    static func clean(_ title: String, siteName: String?, host: String?) -> String {
        var text = title
        // "Dish | Section | Site": what comes before the first bar.
        if let bar = text.range(of: " | "), text.distance(from: text.startIndex, to: bar.lowerBound) >= 3 {
            text = String(text[..<bar.lowerBound])
        }
        let siteKeys = Set([siteName, host?.split(separator: ".").dropLast().last.map(String.init), host.map { String($0.split(separator: ".").first ?? "") }]
            .compactMap { $0?.comparisonKey }.filter { $0.count >= 3 })
        // "Dish - Site", "Dish — Site", "Dish – Recipe".
        for separator in [" — ", " – ", " - ", " :: "] {
            guard let cut = text.range(of: separator, options: .backwards) else { continue }
            let tail = text[cut.upperBound...].comparisonKey
            if siteKeys.contains(where: { tail == $0 || tail.hasPrefix($0) || $0.hasPrefix(tail) && tail.count >= 4 }) || recipeWords.contains(tail) {
                text = String(text[..<cut.lowerBound])
                break
            }
        }
        // "… recipe".
        let words = text.split(separator: " ")
        if words.count > 1, let last = words.last, recipeWords.contains(last.lowercased()) {
            text = words.dropLast().joined(separator: " ")
        }
        let cleaned = TextCleaner.line(text)
        return cleaned.isEmpty ? title : cleaned
    }
}
