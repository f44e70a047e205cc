import ArgumentParser
import Foundation
import LarderCore
import LarderKit

/// `--library DIR`, shared by every command that uses a library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library folder.",
        discussion: "Default: $LARDER_LIBRARY, else $XDG_DATA_HOME/larder, else $HOME/.local/share/larder.",
        valueName: "dir"))
    var library: String?

    var resolved: Library {
        Library(root: URL(fileURLWithPath: library ?? UserFolders().library))
    }

    /// How a message about the library ends: where another one is named.
    static let advice = "Name a library folder with --library (or set $LARDER_LIBRARY)."

    /// The library to read (`list`, `export`): it must be there.
    func existing() throws -> Library {
        let library = resolved
        try library.checkExists(advice: Self.advice)
        return library
    }

    /// A library to change (`remove`): it must be there, and Larder must be able to write in
    /// it; a read-only one is said as `import` says it.
    func existingWritable() throws -> Library {
        let library = try existing()
        try library.checkWritable(advice: Self.advice)
        return library
    }

    /// The library to import into: made when missing, and Larder must be able to write in it.
    func writable() throws -> Library {
        let library = resolved
        try library.checkWritable(advice: Self.advice)
        return library
    }
}

/// The search filters of the recipe apps Larder serves. All given must match.
struct FilterOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Words that must all begin a word of the title, description, an ingredient, a tag, a category or the cuisine (egg finds eggs; case and accents ignored; repeatable: the words of all of them).", valueName: "words"))
    var search: [String] = []

    @Option(name: .customLong("id"), help: ArgumentHelp("Keep the recipe with this id, as larder list shows it (repeatable: any of them).", valueName: "id"))
    var ids: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keep recipes in this category (repeatable: any of them).", valueName: "name"))
    var category: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keep recipes of this cuisine (repeatable: any of them).", valueName: "name"))
    var cuisine: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keep recipes that suit this diet, e.g. vegan or gluten-free, as their diets, categories or tags say (repeatable: all of them).", valueName: "name"))
    var diet: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keep recipes with an ingredient that mentions this word (repeatable: all of them).", valueName: "word"))
    var includeIngredient: [String] = []

    @Option(name: .long, help: ArgumentHelp("Drop recipes with an ingredient that mentions this word (repeatable).", valueName: "word"))
    var excludeIngredient: [String] = []

    @Option(name: .long, help: ArgumentHelp("Keep recipes that serve at least this many.", valueName: "n"))
    var minServings: Double?

    @Option(name: .long, help: ArgumentHelp("Keep recipes that serve at most this many.", valueName: "n"))
    var maxServings: Double?

    func validate() throws {
        if let minServings, let maxServings, minServings > maxServings {
            throw ValidationError("--min-servings (\(minServings)) is larger than --max-servings (\(maxServings)).")
        }
        if let minServings, minServings < 0 { throw ValidationError("--min-servings cannot be negative.") }
    }

    var filter: RecipeFilter {
        // A repeated --search adds its words: every word of every one must match.
        RecipeFilter(text: search.isEmpty ? nil : search.joined(separator: " "), categories: category, cuisines: cuisine, diets: diet,
                     includeIngredients: includeIngredient, excludeIngredients: excludeIngredient,
                     minServings: minServings, maxServings: maxServings, ids: ids)
    }
}

extension DuplicatePolicy: ExpressibleByArgument {}

/// `--aisles` and `--pantry`: the user's shop and kitchen, for a shopping list.
struct ShoppingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A text file of your shop's aisles, in the order you walk them: each aisle's name and a colon, then the things in it (Produce: onions, garlic).",
        discussion: "A thing holds every item whose name ends in its words (cheese: cheddar cheese, cream cheese); items no aisle holds go to Larder's own aisles after yours.",
        valueName: "file"))
    var aisles: String?

    @Option(name: .long, help: ArgumentHelp(
        "A text file of what you have at home, one thing a line: listed apart under \"Check you have\" with the amounts the recipes need, or left out when no recipe says how much.",
        valueName: "file"))
    var pantry: String?

    var isEmpty: Bool { aisles == nil && pantry == nil }

    func check(for format: RecipeFormat) throws {
        if format != .shoppingList, let given = aisles != nil ? "--aisles" : pantry != nil ? "--pantry" : nil {
            throw ValidationError("\(given) is for --format shopping-list (and larder plan).")
        }
    }

    /// The files read; one that cannot be read, or a line of it, is a usage error naming it.
    func options() throws -> ShoppingListOptions {
        ShoppingListOptions(aisles: try aisles.map { try read($0, option: "--aisles", ShoppingAisles.init(text:)) },
                            pantry: try pantry.map { try read($0, option: "--pantry", ShoppingPantry.init(text:)) })
    }

    private func read<T>(_ path: String, option: String, _ parse: (String) throws -> T) throws -> T {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ValidationError("\(option): \(ErrorText.describe(FileProblem.retold(error, .read, path: path))).")
        }
        do {
            return try parse(text)
        } catch let problem as ShoppingFileProblem {
            throw ValidationError("\(option) \(path), \(problem).")
        }
    }
}

/// `--scale`, `--servings` and `--units`, for exports people cook from.
struct AmountOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Multiply every quantity and the yield by this factor, from 0.01 to 1000, e.g. 2 or 0.5.", valueName: "factor"))
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp("Scale each recipe to serve this many, up to 10000 (recipes that do not say how many they serve, or that it would scale by less than 0.01 or more than 1000, fail).", valueName: "n"))
    var servings: Double?

    @Option(name: .long, help: ArgumentHelp(
        "Convert quantities to metric or us units (default: keep the source's units).",
        discussion: "Cups of flour, sugar, butter and other ingredients of known density (named in English) become grams in metric, and grams become cups in us; teaspoons and tablespoons stay, and an amount left as written is named in a note. A shopping list adds its amounts in this system; without --units, in the one the recipes wrote them in (metric where they used both: grams never become ounces), and a cup of a solid whose weight is not known stays a cup beside the grams.",
        valueName: "system"))
    var units: MeasureUnit.System?

    /// `RecipeAdjuster.scaleRange`, the one bound of every scaling (`--servings` is held to it
    /// recipe by recipe, by its yield), and up to ten thousand servings.
    static let scaleRange = RecipeAdjuster.scaleRange
    static let servingsRange: ClosedRange<Double> = 0.1...10_000

    func validate() throws {
        if scale != nil && servings != nil { throw ValidationError("Give either --scale or --servings, not both.") }
        try Self.validateScale(scale)
        if let servings, !Self.servingsRange.contains(servings) {
            throw ValidationError("--servings must be a number from \(YAMLText.number(Self.servingsRange.lowerBound)) to \(YAMLText.number(Self.servingsRange.upperBound)), not \(servings).")
        }
    }

    /// `--scale` here and in `larder parse`.
    static func validateScale(_ scale: Double?) throws {
        if let scale, !scaleRange.contains(scale) {
            throw ValidationError("--scale must be a number from \(YAMLText.number(scaleRange.lowerBound)) to \(YAMLText.number(scaleRange.upperBound)), not \(scale).")
        }
    }

    /// The stage that applies them, or nil when none is given.
    var stage: AdjustAmountsStage? {
        let scaling: AdjustAmountsStage.Scaling? = scale.map { .factor($0) } ?? servings.map { .servings($0) }
        guard scaling != nil || units != nil else { return nil }
        return AdjustAmountsStage(scaling: scaling, units: units)
    }
}

extension MeasureUnit.System: ExpressibleByArgument {}

/// `--url`, for saved pages that do not name their own address (`scrape`, `import`).
struct PageURLOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The page's address, when the page does not name it (canonical link, og:url) or names only its site's home page.", valueName: "url"))
    var url: String?

    func validate() throws {
        if let url, !WebAddress.isWebAddress(url) {
            throw ValidationError("--url must be an http or https address, not \(url).")
        }
    }

    var resolved: URL? { url.flatMap(URL.init(string:)) }
}

/// `--from FORMAT`: read every input file as this format when the files do not tell.
struct InputFormatOptions: ParsableArguments {
    @Option(name: .customLong("from"), help: ArgumentHelp(
        "Read the input files as this format instead of telling it from their names and bytes: \(InputFormat.allValueStrings.joined(separator: ", ")).",
        valueName: "format"))
    var given: InputFormat?

    var from: RecipeFormat? { given?.format }

    /// The source for one file or folder input that is not restored.
    func source(for file: String, pageURL: URL?) -> RecipeSource {
        FileSource(path: file, pageURL: pageURL, forced: from?.reader?.method.restoresWhole == true ? nil : from)
    }
}
