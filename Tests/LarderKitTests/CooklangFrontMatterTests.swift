import Foundation
import LarderCore
import Testing
import Yams

/// A `.cook` file's front matter is YAML that other tools read with a YAML parser: ordinary
/// titles with YAML syntax in them must come out as the same text.
struct CooklangFrontMatterTests {
    static let titles = [
        "Chili: Texas Style", "[Draft] Soup", "- dash soup", "@home bread", "#1 Pancakes", "Pancakes",
        "1984 Meatloaf", "2024", "yes", "Null", "“Texas Red” Chili", "\"Quoted\" stew", "'Single' stew", "Soup # 2",
        "Ends with a colon:", "{Curly} cake", "*Starred* tart", "!important pie", "&Co. cookies", "%Proof bread",
        "| Pipe", "> Fold", "? Question cake", "Tab\there", "Back\\slash", "Café crème", "10 minute eggs",
    ]

    /// The front matter of a written file, loaded with Yams.
    func frontMatter(of recipe: Recipe) throws -> [String: Any] {
        let text = CooklangWriter.text(for: recipe)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.first == "---")
        let close = try #require(lines.dropFirst().firstIndex(of: "---"))
        let yaml = lines[1..<close].joined(separator: "\n")
        return try #require(try Yams.load(yaml: yaml) as? [String: Any], "\(yaml)")
    }

    @Test(arguments: titles)
    func aTitleIsReadBackByYAMLAsWritten(_ title: String) throws {
        var recipe = Recipe(title: title)
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cook it.")])]
        let yaml = try frontMatter(of: recipe)
        #expect(yaml["title"] as? String == title, "\(CooklangWriter.text(for: recipe))")
        // And by Larder's own reader, which tidies a title's white space as it reads it.
        let back = try CooklangMapper.recipe(from: CooklangWriter.text(for: recipe), fileName: "x", context: MappingContext(input: "test"))
        #expect(back.title == FlatText.title(title))
    }

    @Test func otherFieldsAreYAMLToo() throws {
        var recipe = Recipe(title: "Stew")
        recipe.description = "Rich: dark, and #1.\nServe hot."
        recipe.provenance.author = "@chef"
        recipe.provenance.sourceURL = "https://example.org/stew?a=1#top"
        recipe.yield = Yield(text: "4", quantity: Amount(4))
        recipe.times.total = RecipeDuration(minutes: 90, text: "1 h 30 min")
        recipe.tags = ["one, two", "a: b", "[x]", "plain"]
        recipe.categories = ["Dinner"]
        recipe.instructionSections = [InstructionSection(steps: [Step(text: "Cook it.")])]
        let yaml = try frontMatter(of: recipe)
        #expect(yaml["description"] as? String == "Rich: dark, and #1.\nServe hot.")
        #expect(yaml["author"] as? String == "@chef")
        #expect(yaml["source"] as? String == "https://example.org/stew?a=1#top")
        #expect(yaml["servings"] as? Int == 4)
        #expect(yaml["time"] as? String == "1 h 30 min")
        #expect(yaml["tags"] as? [String] == ["one, two", "a: b", "[x]", "plain"])
        let back = try CooklangMapper.recipe(from: CooklangWriter.text(for: recipe), fileName: "x", context: MappingContext(input: "test"))
        #expect(back.description == recipe.description)
        #expect(back.tags == recipe.tags)
        #expect(back.provenance.author == "@chef")
        #expect(back.provenance.sourceURL == recipe.provenance.sourceURL)
    }
}
