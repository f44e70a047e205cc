import Foundation
import LarderCore
import Testing

/// Front matter is read by Yams: real YAML comes out as written, and front matter that is not
/// YAML fails with the file's line and what is wrong there, never a crash or a silent guess.
struct FrontMatterTests {
    func entries(_ yaml: String) throws -> [String: FrontMatter.Value] {
        let lines = ["---"] + yaml.components(separatedBy: "\n") + ["---", "Body."]
        let front = try #require(try FrontMatter.split(lines))
        #expect(front.bodyStart == lines.count - 1)
        return Dictionary(front.entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func yamlValuesComeOutAsWritten() throws {
        let found = try entries("""
        title: "Chili: Texas Style"
        servings: 4
        draft: yes
        tags: [quick, "one, two", 'it''s']
        description: |
          Rich and dark.
          Serve hot.
        ingredients:
          - 1 cup flour
          - salt: a pinch
        nutrition:
          calories: 200
        # a comment
        empty:
        """)
        #expect(found["title"] == .text("Chili: Texas Style"))
        #expect(found["servings"] == .text("4"))
        #expect(found["draft"] == .text("yes"))
        #expect(found["tags"] == .list(["quick", "one, two", "it's"]))
        #expect(found["description"] == .text("Rich and dark.\nServe hot.\n"))
        #expect(found["ingredients"] == .list(["1 cup flour", "salt: a pinch"]))
        // A mapping's members are entries of their own, under dotted keys.
        #expect(found["nutrition"] == nil)
        #expect(found["nutrition.calories"] == .text("200"))
        #expect(found["empty"] == .text(""))
    }

    /// Lines people write by hand, and the Cooklang specification's tests, that YAML refuses but
    /// that plainly say one `key: value` each.
    @Test func plainKeyValueLinesYAMLRefusesAreStillRead() throws {
        let found = try entries("title: Pasta: the best\ncooking time    :30 mins\nsource: https://example.com/a:b")
        #expect(found["title"] == .text("Pasta: the best"))
        #expect(found["cooking time"] == .text("30 mins"))
        #expect(found["source"] == .text("https://example.com/a:b"))
    }

    @Test func noBlockIsNoFrontMatter() throws {
        #expect(try FrontMatter.split(["# Title", "---", "a: b", "---"]) == nil)
        #expect(try FrontMatter.split(["---", "a: b"]) == nil)
        #expect(try FrontMatter.split(["---", "# only a comment", "---"])?.entries.isEmpty == true)
    }

    /// Line numbers count the file's lines: the opening `---` is line 1.
    @Test(arguments: [
        ("title: Soup\ntags: [a, b", 4, "did not find expected"),
        ("title: Soup\ntitle: Stew", 2, "\"title\" is given twice"),
        ("title: Pasta: the best\ningredients:\n  - okra", 2, "mapping values are not allowed"),
        ("just a sentence", 2, "not `key: value` lines"),
        ("title: Soup\nsource: *nowhere", 3, "undefined alias"),
        ("title: Soup\n\tservings: 4", 3, "found a tab character that violates indentation"),
    ])
    func malformedFrontMatterNamesItsLineAndTheProblem(yaml: String, line: Int, problem: String) throws {
        let error = try #require(throws: FrontMatter.SyntaxError.self) { try entries(yaml) }
        #expect(error.line == line, "\(error)")
        #expect(error.description.contains(problem), "\(error)")
        #expect(error.description.contains("not valid YAML"))
    }

    /// Hostile front matter: nesting deeper than libyaml takes fails cleanly; aliases that
    /// would multiply a list (`&a [*b, *b, …]`) are flattened one level, not expanded.
    @Test func hostileFrontMatterIsRefusedOrBounded() throws {
        let deep = "title: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(throws: FrontMatter.SyntaxError.self) { try entries(deep) }

        var bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (name, previous) in zip("bcdefghij", "abcdefghi") {
            bomb.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let found = try entries(bomb.joined(separator: "\n"))
        let last = try #require(found["j"]?.items)
        #expect(last.count == 10)
        #expect(last.joined().count < 1_000)
    }

    @Test func chowdownReportsMalformedFrontMatter() throws {
        let text = "---\ntitle: Okra: roasted\ningredients:\n  - okra\n---\nIntro.\n"
        #expect(ChowdownMapper.looksLikeChowdown(text))
        let error = try #require(throws: MappingError.self) {
            try ChowdownMapper.recipe(from: text, fileName: "okra", context: MappingContext(input: "okra.md"))
        }
        #expect(error.description == "line 2: the front matter is not valid YAML: mapping values are not allowed in this context")
    }

    @Test func cooklangReportsMalformedFrontMatter() throws {
        let text = "---\ntitle: Soup\ntags: [a, b\n---\n\nBoil @water{1%l}.\n"
        let error = try #require(throws: MappingError.self) {
            try CooklangMapper.recipe(from: text, fileName: "soup", context: MappingContext(input: "soup.cook"))
        }
        #expect(error.description.hasPrefix("not valid Cooklang: line 4: the front matter is not valid YAML: "), "\(error)")
    }
}
