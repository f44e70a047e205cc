import Foundation

/// What the ingredient parser, which knows English units, leaves in front of the thing in a
/// name written in another language: the measure and its "of" (`cucharadita de orégano`,
/// `gramos de pasta`, `gousse d'ail`, `EL Gemüsebrühe`, `Bund Basilikum`), or only the "of"
/// when the unit was read (`100 g de beurre fondu` is named `de beurre fondu`). And the words
/// that say how a thing is sold, written with a comma that would cut the name short
/// (`boneless, skinless chicken breasts`). The index files the recipe under what is left.
enum LeadingMeasure {
    struct Stripped: Equatable {
        /// The name from the thing on: `orégano`, `ail`, `chicken breasts`.
        var name: String
        /// The measure was a spoon or a pinch: the line is seasoning, as `1 tsp` is.
        var isSpoonful: Bool
    }

    static func strip(_ name: String) -> Stripped {
        var words = name.split(separator: " ").map(String.init)
        var isSpoonful = false
        // Sale words first (`boneless,`), then at most one measure, then its "of".
        while words.count > 1, MainIngredients.preparedForSale.contains(bare(words[0])) { words.removeFirst() }
        if words.count > 1, let measure = measures[bare(words[0])] ?? upperCaseMeasures[words[0]] {
            isSpoonful = measure == .spoonful
            words.removeFirst()
            // `cuillère à soupe de sel`, `cucharada sopera de aceite`: what names the spoon
            // comes before the "of"; without an "of" close by, the thing follows the measure.
            if let of = words.prefix(3).firstIndex(where: { connectors.contains(bare($0)) || elided($0) != nil }), of + 1 < words.count || elided(words[of]) != nil {
                words.removeFirst(of)
            }
        }
        if words.count > 1, connectors.contains(bare(words[0])) {
            words.removeFirst()
        } else if let first = words.first, let rest = elided(first) {
            words[0] = rest
        }
        let stripped = words.joined(separator: " ")
        return Stripped(name: stripped.isEmpty ? name : stripped, isSpoonful: isSpoonful)
    }

    /// `d'ail` → `ail` (with either apostrophe); nil for any other word.
    static func elided(_ word: String) -> String? {
        for prefix in ["d'", "d’", "D'", "D’"] where word.hasPrefix(prefix) && word.count > prefix.count {
            return String(word.dropFirst(prefix.count))
        }
        return nil
    }

    static func bare(_ word: String) -> String {
        word.lowercased().trimmingCharacters(in: .punctuationCharacters)
    }

    enum Kind { case spoonful, amount }

    /// Measures in the languages the staples are listed in (German, French, Spanish, Italian),
    /// lower case, with their plurals and the usual abbreviations.
    static let measures: [String: Kind] = {
        let spoonfuls = [
            "essl", "teel", "esslöffel", "teelöffel", "prise", "prisen", "msp", "messerspitze",
            "cuillère", "cuillères", "cuillere", "cuilleres", "cuil", "cuill", "càs", "càc", "pincée", "pincées", "pincee", "pincees",
            "cucharada", "cucharadas", "cucharadita", "cucharaditas", "cda", "cdas", "cdta", "cdtas", "cdita", "cditas", "pizca", "pizcas",
            "cucchiaio", "cucchiai", "cucchiaino", "cucchiaini", "pizzico", "pizzichi",
        ]
        let amounts = [
            "bund", "zehe", "zehen", "kugel", "kugeln", "gramm", "stück", "stk", "scheibe", "scheiben", "becher", "dose", "dosen", "packung", "päckchen", "pck",
            "gousse", "gousses", "feuille", "feuilles", "tranche", "tranches", "brin", "brins", "botte", "bottes", "boîte", "boîtes",
            "sachet", "sachets", "verre", "verres", "tasse", "tasses", "morceau", "morceaux",
            "gramo", "gramos", "kilogramo", "kilogramos", "kilo", "kilos", "litro", "litros", "mililitro", "mililitros",
            "centilitro", "centilitros", "onza", "onzas", "taza", "tazas", "vaso", "vasos", "diente", "dientes",
            "rama", "ramas", "hoja", "hojas", "lata", "latas", "rebanada", "rebanadas", "sobre", "sobres", "manojo", "pieza", "piezas",
            "grammi", "spicchio", "spicchi", "foglia", "foglie", "fetta", "fette", "bicchiere", "bicchieri", "tazza", "tazze",
            "rametto", "rametti", "mazzetto", "barattolo", "bustina", "confezione",
        ]
        var table: [String: Kind] = [:]
        for word in amounts { table[word] = .amount }
        for word in spoonfuls { table[word] = .spoonful }
        return table
    }()

    /// German's spoons, which are written in capitals; `el` in lower case is Spanish's "the".
    static let upperCaseMeasures: [String: Kind] = ["EL": .spoonful, "TL": .spoonful]

    /// "Of" in those languages, and English's, which a parser leaves when the line says
    /// `2 cups of flour` in an unusual way.
    static let connectors: Set<String> = ["de", "del", "des", "du", "di", "della", "dello", "of"]
}
