import Foundation

/// Mela's recipe JSON (a `.melarecipe`; many in a `.melarecipes` zip) → Recipe. Mela keeps its
/// lists as text, a line each: `# Name` lines title the ingredient groups and the sections of
/// the instructions, and the text may hold Markdown links and emphasis. Pictures are base64
/// inside the file. `favorite` and `wantToCook`, which Larder's recipe has no place for, stay
/// in `extras`. (The fields: Mela's "Mela File Format" page.)
public enum MelaMapper {
    /// Keys only Mela writes, together: `title`, the ingredients and instructions as text, and
    /// its own flags (`wantToCook`, or `favorite` beside `link`).
    public static func isMela(_ object: [String: JSONValue]) -> Bool {
        guard object["title"]?.stringValue != nil, object["ingredients"]?.stringValue != nil,
              object["instructions"]?.stringValue != nil else { return false }
        return object["wantToCook"] != nil || (object["favorite"] != nil && object["link"] != nil)
    }

    /// The recipe of one Mela JSON object. Throws when it has no title.
    public static func map(_ object: [String: JSONValue], context: MappingContext) throws -> Recipe {
        var reader = ObjectReader(object)
        guard let title = reader.takeString("title").map(FlatText.title), !title.isEmpty else {
            throw MappingError.missingField("title")
        }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .mela, originalID: reader.takeString("id").flatMap(TextCleaner.nonEmptyLine))
        // `link` need not be an address: "it's basically just the source of the recipe".
        if let link = reader.takeString("link").flatMap(TextCleaner.nonEmptyLine) {
            SourceText.apply(WebAddress(trimming: link) == nil ? MarkdownInline.text(link) : link, to: &recipe)
        }
        recipe.description = reader.takeString("text").map { TextCleaner.block(MarkdownInline.text($0)) }.flatMap { $0.isEmpty ? nil : $0 }
        recipe.yield = reader.takeString("yield").flatMap(YieldParser.parse)
        recipe.times.prep = reader.takeString("prepTime").flatMap(DurationParser.parse)
        recipe.times.cook = reader.takeString("cookTime").flatMap(DurationParser.parse)
        recipe.times.total = reader.takeString("totalTime").flatMap(DurationParser.parse)
        recipe.categories = (reader.take("categories")?.listValue ?? []).compactMap { $0.stringValue.flatMap(TextCleaner.nonEmptyLine) }
        recipe.ingredientGroups = ingredientGroups(reader.takeString("ingredients") ?? "")
        recipe.instructionSections = instructionSections(reader.takeString("instructions") ?? "")
        if let notes = reader.takeString("notes").map({ TextCleaner.block(markdownText($0)) }), !notes.isEmpty {
            recipe.notes = [notes]
        }
        if let nutrition = reader.takeString("nutrition") { NutritionText.apply(markdownText(nutrition), to: &recipe) }
        for encoded in reader.take("images")?.listValue ?? [] {
            guard let bytes = encoded.stringValue.flatMap(Base64Image.decode) else { continue }
            recipe.images.append(RecipeImage(mediaType: ImageBytes.mediaType(of: bytes), embeddedData: bytes))
        }
        // Seconds since 2001, Apple's reference date.
        if let seconds = reader.take("date")?.doubleValue, seconds.isFinite, seconds > 0 {
            recipe.dates.created = CanonicalJSON.wholeSeconds(Date(timeIntervalSinceReferenceDate: seconds))
        }
        recipe.extras.merge(reader.filledLeftovers) { kept, _ in kept }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }

    /// A line each; `# Name` starts a group named so.
    static func ingredientGroups(_ text: String) -> [IngredientGroup] {
        titledRuns(text, line: { IngredientLineCleaner.clean(MarkdownInline.text($0)) })
            .map { IngredientGroup(name: $0.name, ingredients: $0.lines.map { Ingredient(line: $0) }) }
            .filter { !$0.ingredients.isEmpty || $0.name != nil }
    }

    /// A step each line; `# Name` starts a section named so.
    static func instructionSections(_ text: String) -> [InstructionSection] {
        titledRuns(text, line: { TextCleaner.line(MarkdownInline.text($0)) })
            .map { InstructionSection(name: $0.name, steps: $0.lines.map { Step(text: $0) }) }
            .filter { !$0.steps.isEmpty }
    }

    /// The lines of `text`, read by `line` (empty ones left out), in runs: each `# Name` line
    /// starts a run named so; lines before the first title make a run without a name.
    static func titledRuns(_ text: String, line: (String) -> String) -> [(name: String?, lines: [String])] {
        var runs: [(name: String?, lines: [String])] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            if let name = heading(String(raw)) {
                runs.append((name, []))
                continue
            }
            let read = line(String(raw))
            guard !read.isEmpty else { continue }
            if runs.isEmpty { runs.append((nil, [])) }
            runs[runs.count - 1].lines.append(read)
        }
        return runs
    }

    /// `# Dough` (any number of `#`): the name; nil for any other line.
    static func heading(_ line: String) -> String? {
        let trimmed = line.trimmed
        guard trimmed.hasPrefix("#") else { return nil }
        let name = TextCleaner.line(MarkdownInline.text(String(trimmed.drop { $0 == "#" })))
        return name.isEmpty ? nil : name
    }

    /// Text whose Markdown (links, `*` and `**`) is read as its words, line by line.
    static func markdownText(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { MarkdownInline.text(String($0)) }.joined(separator: "\n")
    }
}
