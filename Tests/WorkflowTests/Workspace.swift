import Foundation
import Testing
import TestSupport

/// A scratch folder with a `larder` to run in it: a home of its own, libraries and outputs
/// beside it. What every workflow test starts from.
struct Workspace {
    let scratch: ScratchFolder
    /// The home folder of every run: its default library and cache are the workspace's own.
    let home: URL

    init() throws {
        scratch = try ScratchFolder()
        home = scratch.path("home")
    }

    func path(_ name: String) -> String { scratch.path(name).path }

    func library(_ name: String) -> LibraryOnDisk { LibraryOnDisk(root: scratch.path(name)) }

    /// Runs larder and checks what holds for every run: it ended by itself (no crash) with a
    /// documented exit code, and nothing it said is a raw system error.
    @discardableResult
    func run(_ arguments: [String], expecting statuses: Set<Int32> = [0], environment: [String: String] = [:], input: String? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProgramRun {
        let outcome = try await LarderCommand.run(arguments, environment: environment, home: home, input: input)
        #expect(outcome.signal == nil, "larder \(arguments.joined(separator: " ")) crashed: \(outcome)", sourceLocation: sourceLocation)
        #expect(statuses.contains(outcome.status), "larder \(arguments.joined(separator: " ")): \(outcome)", sourceLocation: sourceLocation)
        #expect(RawErrorText.found(in: outcome.printed).isEmpty, "raw error text: \(outcome.printed)", sourceLocation: sourceLocation)
        return outcome
    }

    /// Writes a file in the scratch folder.
    func write(_ text: String, to name: String) throws {
        let url = scratch.path(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// A saved recipe page as sites write them: schema.org JSON-LD in the head, `image` as a string
/// when there is one picture and a list when there are several.
enum RecipePage {
    static func html(title: String, ingredients: [String], steps: [String], images: [String] = [], url: String? = nil) -> String {
        var recipe: [String: Any] = [
            "@context": "https://schema.org", "@type": "Recipe", "name": title,
            "recipeIngredient": ingredients,
            "recipeInstructions": steps.map { ["@type": "HowToStep", "text": $0] },
            "recipeYield": "4 servings",
        ]
        if images.count == 1 { recipe["image"] = images[0] } else if !images.isEmpty { recipe["image"] = images }
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: recipe, options: [.sortedKeys]), as: UTF8.self)
        let canonical = url.map { "<link rel=\"canonical\" href=\"\($0)\">" } ?? ""
        return """
        <!doctype html><html><head><meta charset="utf-8"><title>\(title)</title>\(canonical)
        <script type="application/ld+json">\(json)</script></head>
        <body><h1>\(title)</h1></body></html>
        """
    }
}
