import Foundation

/// Chowdown's recipe files (a Jekyll site's `_recipes/*.md`): YAML front matter with `title`,
/// `image`, `tags` (a comma string or a list), `ingredients` and `directions` lists, and the
/// Markdown after it as the recipe's introduction.
public enum ChowdownMapper {
    /// Front matter that lists ingredients or directions. Front matter that is not valid YAML
    /// still looks like Chowdown's when a line starts with either key, so that the file is read
    /// and fails with what is wrong, rather than being passed over as no recipe.
    public static func looksLikeChowdown(_ text: String) -> Bool {
        let lines = text.prefix(8192).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let keys = ["ingredients", "directions"]
        do {
            guard let front = try FrontMatter.split(lines) else { return false }
            return front.entries.contains { keys.contains($0.key.lowercased()) }
        } catch {
            return lines.contains { line in keys.contains { line.lowercased().hasPrefix($0 + ":") } }
        }
    }

    /// The recipe of one Chowdown file; `fileName` gives the title when the front matter has none. Throws when it has no front matter or no title.
    public static func recipe(from text: String, fileName: String, context: MappingContext) throws -> Recipe {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let found: (entries: FrontMatter.Entries, bodyStart: Int)?
        do { found = try FrontMatter.split(lines) } catch let error as FrontMatter.SyntaxError { throw MappingError.invalid(error.description) }
        guard let front = found else { throw MappingError.noRecipe("the file has no front matter between --- lines") }
        var metadata = FrontMatter.Reader(front.entries, ignoring: ["layout"])
        let title = FlatText.title(metadata.take("title")?.text ?? fileName.replacingOccurrences(of: "-", with: " "))
        guard !title.isEmpty else { throw MappingError.missingField("title") }
        var recipe = Recipe(title: title)
        recipe.provenance = context.provenance(origin: .chowdown)
        recipe.tags = TextCleaner.uniqued(metadata.take("tags")?.items ?? [])
        recipe.ingredientGroups = FlatText.ingredientGroups(fromLines: metadata.take("ingredients")?.items ?? [])
        let steps = (metadata.take("directions")?.items ?? []).flatMap { StepSplitter.steps(from: $0) }
        if !steps.isEmpty { recipe.instructionSections = [InstructionSection(steps: steps)] }
        // The picture is a file of the site, named relative to it; the reader puts the bytes
        // in its place when the file is there.
        recipe.images = (metadata.take("image")?.items ?? []).map { RecipeImage(url: $0) }
        recipe.yield = metadata.take("yield", "servings", "serves").flatMap { YieldParser.parse($0.text) }
        recipe.times.prep = metadata.take("prep", "preptime", "prep_time").flatMap { DurationParser.parse($0.text) }
        recipe.times.cook = metadata.take("cook", "cooktime", "cook_time").flatMap { DurationParser.parse($0.text) }
        recipe.provenance.author = metadata.take("author", "source.author").flatMap { TextCleaner.nonEmptyLine($0.text) }
        recipe.nutrition = NutritionText.values(metadata.takeAll(under: "nutrition"))
        let source = metadata.take("source", "url", "source.url")?.text.trimmed ?? ""
        recipe.extras = metadata.leftovers()
        if WebAddress.isWebAddress(source) {
            recipe.provenance.sourceURL = source
            recipe.provenance.site = SourceURL.host(of: source)
        } else if !source.isEmpty {
            recipe.extras["source"] = .string(source)
        }
        let body = TextCleaner.block(MarkdownPlain.text(lines[front.bodyStart...].joined(separator: "\n")))
        if !body.isEmpty { recipe.description = body }
        recipe.id = RecipeIdentity.makeID(for: recipe)
        return recipe
    }
}
