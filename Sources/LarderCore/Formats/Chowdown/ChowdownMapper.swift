import Foundation

/// Chowdown's recipe files (a Jekyll site's `_recipes/*.md`): YAML front matter with `title`,
/// `image`, `tags` (a comma string or a list), `ingredients` and `directions` lists, and the
/// Markdown after it as the recipe's introduction.
public enum ChowdownMapper {
    /// Front matter that lists ingredients or directions.
    public static func looksLikeChowdown(_ text: String) -> Bool {
        let lines = text.prefix(8192).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let front = FrontMatter.split(lines) else { return false }
        return front.entries.contains { ["ingredients", "directions"].contains($0.key.lowercased()) }
    }

    public static func recipe(from text: String, fileName: String, context: MappingContext) throws -> Recipe {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let front = FrontMatter.split(lines) else { throw MappingError.noRecipe("the file has no front matter between --- lines") }
        var used: Set<String> = ["layout"]
        func take(_ keys: String...) -> FrontMatter.Value? {
            for key in keys {
                if let found = front.entries.first(where: { $0.key.lowercased() == key }) {
                    used.insert(found.key.lowercased())
                    return found.value
                }
            }
            return nil
        }
        let title = FlatText.title(take("title")?.text ?? fileName.replacingOccurrences(of: "-", with: " "))
        guard !title.isEmpty else { throw MappingError.missingField("title") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .chowdown)
        recipe.tags = TextCleaner.uniqued(take("tags")?.items ?? [])
        recipe.ingredientGroups = FlatText.ingredientGroups(fromLines: take("ingredients")?.items ?? [])
        let steps = (take("directions")?.items ?? []).flatMap { StepSplitter.steps(from: $0) }
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        // The picture is a file of the site, named relative to it; the reader puts the bytes
        // in its place when the file is there.
        recipe.images = (take("image")?.items ?? []).map { RecipeImage(url: $0) }
        recipe.yield = take("yield", "servings", "serves").flatMap { YieldParser.parse($0.text) }
        recipe.times.prep = take("prep", "preptime", "prep_time").flatMap { DurationParser.parse($0.text) }
        recipe.times.cook = take("cook", "cooktime", "cook_time").flatMap { DurationParser.parse($0.text) }
        recipe.provenance.author = take("author").flatMap { TextCleaner.nonEmptyLine($0.text) }
        if let source = take("source", "url")?.text.trimmed, source.lowercased().hasPrefix("http") {
            recipe.provenance.sourceURL = source
            recipe.provenance.site = SourceURL.host(of: source)
        }
        for (key, value) in front.entries where !used.contains(key.lowercased()) {
            switch value {
            case .text(let text): if !text.isEmpty { recipe.extras[key] = .string(text) }
            case .list(let items): recipe.extras[key] = .array(items.map(JSONValue.string))
            }
        }
        let body = TextCleaner.block(MarkdownPlain.text(lines[front.bodyStart...].joined(separator: "\n")))
        if !body.isEmpty { recipe.description = body }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }
}
