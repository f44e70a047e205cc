import Foundation
import LarderCore
import Testing
import TestSupport

/// The workflow of someone moving recipes between apps: import other apps' exports, export the
/// library in each format Larder writes, import that again. Nothing may go missing that the
/// export's fidelity report (`OUTPUT.fidelity.json`) does not name for that recipe. Run with
/// the real binary; `Tools/export-fidelity.py` does the same over any inputs, field by field.
struct ExportRoundTripTests {
    let cli = CommandLineTests()

    static let inputs = ["formats/paprika", "formats/nextcloud", "formats/cooklang", "formats/mealmaster",
                         "formats/recipesage", "formats/tandoor", "formats/other/plantoeat.zip", "schema-org", "round-trip"]

    /// Format and output name (its extension chooses folder, file or archive).
    static let exports: [(format: String, output: String)] = [
        ("json", "library-copy"), ("json", "backup.tar.gz"), ("json", "backup.zip"), ("jsonld", "all.jsonld"),
        ("cooklang", "cook.tar.zst"), ("cooklang", "cook-folder"), ("paprika", "all.paprikarecipes"),
        ("nextcloud", "Recipes.zip"), ("nextcloud", "nextcloud-folder"), ("mealdb", "meals.json"),
        ("markdown", "markdown-folder"), ("markdown", "book.zip"),
    ]

    /// What is counted, and the fields of the fidelity report that name that kind of loss.
    enum Part: String, CaseIterable {
        case ingredientLines = "ingredient line"
        case steps = "step"
        case groupNames = "ingredient group names"
        case sectionNames = "instruction section names"
        case images = "picture"
        /// An ingredient's amount (a range such as `2-3 cups` too), so it still scales.
        case amounts = "amount"
        /// A size in brackets in an ingredient line: `1 (14 oz) can`, `1.5 cups (230g)`.
        case sizes = "size"
        case nutrition = "nutrition"

        var fields: Set<String> {
            switch self {
            case .ingredientLines, .sizes: return ["ingredient lines"]
            case .steps: return ["steps"]
            case .groupNames: return ["ingredient groups"]
            case .sectionNames: return ["instruction sections"]
            case .images: return ["pictures", "picture addresses"]
            case .amounts: return ["ingredient amounts", "ingredient lines"]
            case .nutrition: return ["nutrition"]
            }
        }
    }

    /// The fields the fidelity report beside `output` names for each recipe, by id; empty when
    /// the export wrote none (a backup copies the library's files as they are).
    func fieldsNamed(beside output: String) throws -> [String: Set<String>] {
        let report = output + ".fidelity.json"
        guard FileManager.default.fileExists(atPath: report) else { return [:] }
        let json = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: report)))
        var named: [String: Set<String>] = [:]
        for entry in json["recipes"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue else { continue }
            named[id] = Set((entry["differences"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue })
        }
        return named
    }

    func recipes(in library: String) throws -> [Recipe] {
        let folder = URL(fileURLWithPath: library).appendingPathComponent("recipes")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map {
            try CanonicalJSON.decode(Recipe.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    static func key(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.trimmingCharacters(in: CharacterSet(charactersIn: " :")).lowercased()
    }

    static func words(_ recipe: Recipe) -> Set<String> {
        let text = (recipe.ingredients.map(\.line) + recipe.steps.map(\.text)).joined(separator: " ").lowercased()
        return Set(text.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }.map(String.init))
    }

    /// Each recipe read from the inputs with the re-imported one of the same title that shares
    /// the most words with it (several recipes may share a title); nil when none came back.
    static func pairs(_ before: [Recipe], _ after: [Recipe]) -> [(Recipe, Recipe?)] {
        var remaining = Dictionary(grouping: after) { key($0.title) }
        return before.map { recipe in
            let mine = words(recipe)
            let candidates = remaining[key(recipe.title)] ?? []
            guard let best = candidates.indices.max(by: { mine.intersection(words(candidates[$0])).count < mine.intersection(words(candidates[$1])).count }) else {
                return (recipe, nil)
            }
            remaining[key(recipe.title)]!.remove(at: best)
            return (recipe, candidates[best])
        }
    }

    static func lost(_ part: Part, from before: Recipe, in after: Recipe) -> Int {
        func names(_ names: [String?]) -> Set<String> { Set(names.compactMap { $0 }.map(key)) }
        switch part {
        case .ingredientLines: return max(0, before.ingredients.count - after.ingredients.count)
        case .steps: return max(0, before.steps.count - after.steps.count)
        case .groupNames: return names(before.ingredientGroups.map(\.name)).subtracting(names(after.ingredientGroups.map(\.name))).count
        case .sectionNames: return names(before.instructionSections.map(\.name)).subtracting(names(after.instructionSections.map(\.name))).count
        case .images:
            // The bytes and the web addresses: a picture's bytes may come back on the picture
            // of the same address (Paprika's photo and its `image_url`, as one picture).
            func bytes(_ recipe: Recipe) -> [String] { recipe.images.compactMap(RecipeComparison.pictureIdentity) }
            return Set(bytes(before)).subtracting(bytes(after)).count + Set(before.images.compactMap(\.url)).subtracting(after.images.compactMap(\.url)).count
        case .amounts:
            // An ingredient read with an amount (a range as a range) comes back with one; lines
            // may move, and a line read again may be parsed a little differently.
            return before.ingredients.filter { ingredient in
                guard let quantity = ingredient.quantity, let name = ingredient.name.map(key) else { return false }
                let same = after.ingredients.filter { $0.name.map(key) == name }
                return !same.isEmpty && !same.contains { $0.quantity != nil && $0.quantity?.isRange == quantity.isRange }
            }.count
        case .sizes:
            let lines = after.ingredients.map { words(of: $0.line) }
            return before.ingredients.flatMap { sizes(in: $0.line) }.filter { size in !lines.contains { size.isSubset(of: $0) } }.count
        case .nutrition: return Set(before.nutrition.keys).subtracting(after.nutrition.keys).count
        }
    }

    static func words(of text: String) -> Set<String> {
        Set(text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
    }

    /// The words of each bracket in `line` that holds a number: `(14 oz)` → {14, oz}.
    static func sizes(in line: String) -> [Set<String>] {
        line.split(separator: "(").dropFirst().compactMap { part in
            guard let inside = part.split(separator: ")", omittingEmptySubsequences: false).first, inside.contains(where: \.isNumber) else { return nil }
            return words(of: String(inside))
        }
    }

    @Test(arguments: exports.map(\.output))
    func whatAnExportCannotHoldIsNamedAndNothingElseIsLost(_ outputName: String) throws {
        let format = Self.exports.first { $0.output == outputName }!.format
        let scratch = try ScratchFolder()
        let library = scratch.path("library").path
        // The Samples add a recipe whose picture came inside its JSON and is stored in the library.
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples").path
        _ = try cli.larder(["import", samples] + Self.inputs.map { Fixtures.url($0).path } + ["--library", library])
        let before = try recipes(in: library)
        #expect(before.count >= 50)
        // The inputs hold recipes with more than TheMealDB's 20 ingredient slots, group and
        // section names, and titles outside ASCII.
        #expect(before.contains { $0.ingredients.count > 20 })
        #expect(before.contains { $0.ingredientGroups.contains { $0.name != nil } })
        #expect(before.contains { $0.instructionSections.contains { $0.name != nil } })
        // …and range amounts, package sizes, headings that end in a number, nutrition.
        #expect(before.contains { $0.ingredients.contains { $0.quantity?.isRange == true } })
        #expect(before.contains { $0.ingredientGroups.contains { $0.name?.contains("2") == true } })
        #expect(before.contains { !$0.nutrition.isEmpty })

        #expect(before.contains { $0.images.contains { $0.path != nil } })
        let output = scratch.path(outputName).path
        let exported = try cli.larder(["export", "--library", library, "--format", format, "--output", output])
        #expect(exported.status == 0, "\(exported.errors)")
        let named = try fieldsNamed(beside: output)
        let again = scratch.path("again").path
        let reimported = try cli.larder(["import", output, "--library", again])
        #expect(reimported.status == 0, "\(reimported.errors)")
        let after = try recipes(in: again)

        let pairs = Self.pairs(before, after)
        let missing = pairs.filter { $0.1 == nil }.map(\.0.title)
        #expect(missing.isEmpty, "\(format): not re-imported: \(missing)")
        for part in Part.allCases {
            let unnamed = pairs.compactMap { pair -> String? in
                guard let after = pair.1 else { return nil }
                let count = Self.lost(part, from: pair.0, in: after)
                let said = !(named[pair.0.id] ?? []).isDisjoint(with: part.fields)
                return count > 0 && !said ? "\(pair.0.title): \(count)" : nil
            }
            #expect(unnamed.isEmpty, "\(format) lost \(part.rawValue)s its fidelity report does not name: \(unnamed)")
        }
        if format == "mealdb" {
            let long = try #require(before.first { $0.ingredients.count > 20 })
            let back = try #require(Self.pairs([long], after).first?.1)
            #expect(back.ingredients.count == long.ingredients.count)
        }
    }
}
