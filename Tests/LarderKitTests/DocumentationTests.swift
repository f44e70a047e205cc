import Foundation
import LarderCore
import LarderKit
import Testing
import TestSupport

/// The DocC articles' examples are code that compiles and runs: each code block an article marks
/// `<!-- snippet: NAME -->` is, character for character, the snippet of that name in
/// `DocumentationSnippets.swift`, which this suite runs and checks.
struct DocumentationTests {
    static let catalogs = ["LarderCore/LarderCore.docc", "LarderHTML/LarderHTML.docc", "LarderKit/LarderKit.docc"]

    /// Every `// snippet: NAME` … `// end snippet` of the snippets file, dedented.
    static func snippets() throws -> [String: String] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DocumentationSnippets.swift")
        var found: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") {
                name = String(trimmed.dropFirst("// snippet: ".count))
                lines = []
            } else if trimmed == "// end snippet", let current = name {
                let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                found[current] = lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                name = nil
            } else if name != nil {
                lines.append(line)
            }
        }
        return found
    }

    /// Every marked code block of the catalogs' articles, by snippet name, with its article.
    static func articleBlocks() throws -> [(name: String, article: String, code: String)] {
        var blocks: [(String, String, String)] = []
        for catalog in catalogs {
            let folder = Fixtures.packageRoot.appendingPathComponent("Sources").appendingPathComponent(catalog)
            for article in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where article.hasSuffix(".md") {
                let text = try String(contentsOf: folder.appendingPathComponent(article), encoding: .utf8)
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
                while let line = lines.popFirst() {
                    guard line.hasPrefix("<!-- snippet: "), line.hasSuffix(" -->") else { continue }
                    let name = String(line.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                    guard lines.popFirst() == "```swift" else {
                        blocks.append((name, "\(catalog)/\(article)", "no ```swift block follows the mark"))
                        continue
                    }
                    var code: [Substring] = []
                    while let line = lines.popFirst(), line != "```" { code.append(line) }
                    blocks.append((name, "\(catalog)/\(article)", code.joined(separator: "\n")))
                }
            }
        }
        return blocks
    }

    @Test func everyArticleExampleIsTheSnippetTheTestsRun() throws {
        let snippets = try Self.snippets()
        let blocks = try Self.articleBlocks()
        #expect(snippets.count == 4)
        for block in blocks {
            #expect(snippets[block.name] == block.code, "\(block.article): the example \(block.name) differs from DocumentationSnippets.swift")
        }
        // Each snippet is shown, once.
        #expect(blocks.map(\.name).sorted() == snippets.keys.sorted(), "\(blocks.map(\.name))")
    }

    @Test func parseAnIngredientLine() {
        let flour = DocumentationSnippets.parseAnIngredientLine()
        #expect(flour.quantity?.value == 1.5)
        #expect(flour.unit == "cup")
        #expect(flour.name == "all-purpose flour")
        #expect(flour.comment == "sifted")
    }

    @Test func mapATheMealDBAnswer() throws {
        let recipes = try DocumentationSnippets.mapATheMealDBAnswer(Fixtures.data("mealdb-api/lookup/52775.json"))
        let lasagna = try #require(recipes.first)
        #expect(recipes.count == 1)
        #expect(lasagna.title == "Vegan Lasagna")
        #expect(lasagna.id == "mealdb-52775")
        let lentils = try #require(lasagna.ingredientGroups.first?.ingredients.first)
        #expect(lentils.line == "1 cups green red lentils")
        #expect(lentils.name == "green red lentils")
        // The amount is the parser's to read, as the article says.
        #expect(IngredientParser.parse(lentils.line).quantity?.value == 1)
        #expect(IngredientParser.parse(lentils.line).unit == "cup")
    }

    @Test func scrapeAnHTMLString() throws {
        let recipe = try DocumentationSnippets.scrapeAnHTMLString()
        #expect(recipe.title == "Pancakes")
        #expect(recipe.ingredientGroups.first?.ingredients.map(\.line) == ["2 eggs", "250 ml milk", "125 g flour"])
        #expect(recipe.instructionSections.first?.steps.count == 2)
    }

    @Test func importIntoALibraryFolder() async throws {
        let scratch = try ScratchFolder()
        let report = try await DocumentationSnippets.importIntoALibraryFolder(recipes: Fixtures.url("apps/recipe-search-local"),
                                                                              library: scratch.path("library"))
        #expect(report.imported > 0)
        #expect(report.failed == 0)
        #expect(report.entries.count == report.imported + report.skipped)
        let stored = try Library(root: scratch.path("library")).recipeIDs()
        #expect(stored.count == report.imported)
        // The same import again stores nothing twice, as the article says.
        let again = try await DocumentationSnippets.importIntoALibraryFolder(recipes: Fixtures.url("apps/recipe-search-local"),
                                                                             library: scratch.path("library"))
        #expect(again.imported == 0)
        #expect(again.skipped == report.imported)
        #expect(FileManager.default.fileExists(atPath: scratch.path("library/report.json").path))
        #expect(FileManager.default.fileExists(atPath: scratch.path("library/manifest.jsonl").path))
        // Closed: the next run may write it.
        _ = try LibrarySink(library: Library(root: scratch.path("library")))
    }
}
