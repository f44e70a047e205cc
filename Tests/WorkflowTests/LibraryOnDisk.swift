import Foundation
import LarderCore

/// A library folder as the tests look at it after a run: the recipes it holds, the report of
/// the run, and what the manifest lists. Read from the files, as another program would.
struct LibraryOnDisk {
    let root: URL

    var recipeFiles: [URL] {
        let folder = root.appendingPathComponent("recipes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func recipes() throws -> [Recipe] {
        try recipeFiles.map { try CanonicalJSON.decode(Data(contentsOf: $0)) }
    }

    func report() throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(contentsOf: root.appendingPathComponent("report.json")))
    }

    /// The paths the manifest vouches for: `manifest.jsonl` (a header line, then a line per
    /// file), or the `manifest.json` of a library no Larder since 0.1.0 has written to.
    func manifestPaths() throws -> Set<String> {
        let lines = root.appendingPathComponent("manifest.jsonl")
        if FileManager.default.fileExists(atPath: lines.path) {
            let text = try String(contentsOf: lines, encoding: .utf8)
            let entries = text.split(separator: "\n").dropFirst()
            return Set(try entries.map { try JSONDecoder().decode(ManifestFiles.File.self, from: Data($0.utf8)).path })
        }
        let data = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        return Set(try JSONDecoder().decode(ManifestFiles.self, from: data).files.map(\.path))
    }

    /// Every file a recipe or image of the library is kept in, relative to the root.
    func storedPaths() -> Set<String> {
        var paths: Set<String> = []
        for folder in ["recipes", "images"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                guard !url.lastPathComponent.hasPrefix(".") else { continue }
                paths.insert(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
        }
        return paths
    }

    struct ManifestFiles: Decodable {
        struct File: Decodable { var path: String }
        var files: [File]
    }

    /// `report.json`, read the way a script reads it.
    struct Report: Decodable {
        struct Entry: Decodable {
            var input: String
            var item: String?
            var status: String
            var stage: String?
            var reason: String?
            /// Why a skip needs no attention (`duplicate`, `bookkeeping`, `hidden`, …).
            var kind: String?
            var recipeID: String?
            var title: String?
            var notes: [String]?
            var notRead: [String]?
        }
        struct Shard: Decodable, Equatable { var index: Int; var count: Int }
        var entries: [Entry]
        var notes: [String]?
        var shard: Shard?

        func entries(_ status: String) -> [Entry] { entries.filter { $0.status == status } }
    }
}

/// What a recipe holds that a round trip must not lose, by title: ingredient lines, steps,
/// ingredient group names, instruction section names and pictures.
struct RecipeCensus: Equatable, CustomStringConvertible {
    var recipes = 0
    var ingredientLines = 0
    var steps = 0
    var groupNames = 0
    var sectionNames = 0
    var images = 0

    init() {}

    init(_ recipe: Recipe) {
        recipes = 1
        ingredientLines = recipe.ingredients.count
        steps = recipe.steps.count
        groupNames = recipe.ingredientGroups.filter { !($0.name ?? "").isEmpty }.count
        sectionNames = recipe.instructionSections.filter { !($0.name ?? "").isEmpty }.count
        images = recipe.images.count
    }

    static func + (a: RecipeCensus, b: RecipeCensus) -> RecipeCensus {
        var sum = a
        sum.recipes += b.recipes
        sum.ingredientLines += b.ingredientLines
        sum.steps += b.steps
        sum.groupNames += b.groupNames
        sum.sectionNames += b.sectionNames
        sum.images += b.images
        return sum
    }

    /// Census per title (folded for case and spacing): recipes of the same title are counted
    /// together, so two "Apple Pie"s need not be told apart to see what was lost.
    static func byTitle(_ recipes: [Recipe]) -> [String: RecipeCensus] {
        var census: [String: RecipeCensus] = [:]
        for recipe in recipes {
            let key = recipe.title.precomposedStringWithCanonicalMapping.lowercased()
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            census[key, default: RecipeCensus()] = census[key, default: RecipeCensus()] + RecipeCensus(recipe)
        }
        return census
    }

    var description: String {
        "\(recipes) recipes, \(ingredientLines) ingredient lines, \(steps) steps, \(groupNames) group names, \(sectionNames) section names, \(images) images"
    }
}

/// Text a person must never see: a system error as Foundation spells it instead of a sentence.
enum RawErrorText {
    static let markers = ["Error Domain=", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "Code=", "The operation could not be completed",
                          "The file “", "UserInfo=", "Fatal error", "EncodingError", "DecodingError"]

    static func found(in text: String) -> [String] {
        markers.filter { text.contains($0) }
    }
}
