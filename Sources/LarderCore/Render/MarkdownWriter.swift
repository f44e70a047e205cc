import Foundation

/// Renders a recipe as one Markdown file with YAML front matter that Obsidian, Hugo, Jekyll and
/// MkDocs read as is.
public struct MarkdownWriter: Sendable {
    public init() {}

    /// What a Markdown recipe file has no place for, or holds in part (`FormatWriter.noPlaceFor`).
    public static let noPlaceFor: [RecipeField: String] = [
        .ingredientAmounts: "an ingredient is its line, whose amount is read again from its words",
        .ingredientNames: "an ingredient is its line, whose name is read again from its words",
        .optionalMarks: "an ingredient is its line, with no mark of its own",
        .stepPictures: "a step is a list item, with no picture of its own",
        .sourceAppFields: "fields of another app have no place in the front matter Larder reads",
    ]

    /// The rule that ends each note when a note has paragraphs of its own (see `MarkdownBody`).
    static let noteEnd = "* * *"

    /// - Parameter imageLinks: the relative path to use for each image of the recipe that has a
    ///   local file, in order; images without one link to their URL when it is a web address.
    /// - Parameter frontMatter: false for a person reading on the terminal (`larder show`).
    public func render(_ recipe: Recipe, imageLinks: [String?] = [], frontMatter withFrontMatter: Bool = true) -> String {
        var out = withFrontMatter ? frontMatter(recipe, imageLinks: imageLinks) + "\n" : ""
        out += "# \(MarkdownText.inline(recipe.title))\n"
        if let image = displayImage(recipe, imageLinks: imageLinks) {
            out += "\n![\(MarkdownText.inline(recipe.title))](\(MarkdownText.destination(image)))\n"
        }
        if let description = recipe.description, !description.isEmpty {
            out += "\n" + MarkdownText.block(description) + "\n"
        }
        let facts = factLine(recipe)
        if !facts.isEmpty { out += "\n" + facts + "\n" }

        if !recipe.ingredientGroups.isEmpty {
            out += "\n## Ingredients\n"
            for (index, group) in recipe.ingredientGroups.enumerated() {
                // A group without a name after the first opens with an empty heading, so that
                // its lines do not join the group before.
                if let name = group.name { out += "\n### \(MarkdownText.inline(name))\n" } else if index > 0 { out += "\n###\n" }
                out += "\n"
                for ingredient in group.ingredients { out += "- \(MarkdownText.inline(ingredient.line))\n" }
            }
        }
        if !recipe.instructionSections.isEmpty {
            out += "\n## Instructions\n"
            for (index, section) in recipe.instructionSections.enumerated() {
                if let name = section.name { out += "\n### \(MarkdownText.inline(name))\n" } else if index > 0 { out += "\n###\n" }
                out += "\n"
                for (index, step) in section.steps.enumerated() {
                    let title = step.name.map { "**\(MarkdownText.inline($0))** " } ?? ""
                    // A step's own line breaks stay, as hard breaks inside its item.
                    out += "\(index + 1). \(title)\(MarkdownText.lines(step.text))\n"
                }
            }
        }
        let notes = recipe.notes.map(MarkdownText.paragraphs).filter { !$0.isEmpty }
        if !notes.isEmpty {
            // A note is a paragraph, its lines kept by hard breaks, so each reads back whole. When
            // a note has paragraphs of its own, each note ends with a rule (`* * *`): the reader
            // then takes the paragraphs up to a rule as one note.
            let ruled = notes.contains { $0.contains("\n\n") }
            out += "\n## Notes\n\n" + notes.map { ruled ? $0 + "\n\n\(Self.noteEnd)" : $0 }.joined(separator: "\n\n") + "\n"
        }
        if !recipe.nutrition.isEmpty {
            out += "\n## Nutrition\n\n| Nutrient | Amount |\n| --- | --- |\n"
            for key in recipe.nutrition.keys.sorted() {
                out += "| \(MarkdownText.inline(NutritionNames.label(for: key))) | \(MarkdownText.inline(recipe.nutrition[key]!)) |\n"
            }
        }
        if let url = recipe.provenance.sourceURL {
            // Only a web address becomes a link; anything else is shown as the text it is.
            out += "\nSource: \(WebLink.http(url).map(MarkdownText.destination) ?? MarkdownText.inline(url))\n"
        }
        return out
    }

    func frontMatter(_ recipe: Recipe, imageLinks: [String?]) -> String {
        var lines = ["---", "title: \(YAMLText.quoted(recipe.title))", "id: \(YAMLText.quoted(recipe.id))"]
        if let description = recipe.description, !description.isEmpty {
            lines.append("description: \(YAMLText.quoted(description))")
        }
        // Hugo and Jekyll sort and show pages by `date`; the dates themselves, to the second, beside it.
        if let date = recipe.dates.published ?? recipe.dates.created {
            lines.append("date: \(YAMLText.quoted(YAMLText.day(date)))")
        }
        for (key, date) in [("published", recipe.dates.published), ("created", recipe.dates.created), ("modified", recipe.dates.modified)] {
            if let date { lines.append("\(key): \(YAMLText.quoted(CanonicalJSON.format(date)))") }
        }
        if !recipe.dates.cooked.isEmpty { lines.append("cooked: \(YAMLText.list(recipe.dates.cooked.map(CanonicalJSON.format)))") }
        // Site generators' themes make `source` a link: only a web address goes there; a source
        // known by name only (a book, TheMealDB) is `source_name`.
        if let url = WebLink.source(of: recipe) {
            lines.append("source: \(YAMLText.quoted(url))")
        } else if let site = recipe.provenance.site {
            lines.append("source_name: \(YAMLText.quoted(site))")
        }
        if let author = recipe.provenance.author { lines.append("author: \(YAMLText.quoted(author))") }
        if let yield = recipe.yield {
            if let text = RecipeFacts.yieldText(yield) {
                lines.append("yield: \(YAMLText.quoted(text))")
            }
            if let servings = yield.servings { lines.append("servings: \(YAMLText.number(servings.value))") }
        }
        for (key, duration) in [("prep_time", recipe.times.prep), ("cook_time", recipe.times.cook), ("total_time", recipe.times.total)] {
            guard let duration else { continue }
            if let minutes = duration.minutes, let upper = duration.upperMinutes {
                // A range in words (`10–15 min`), which reads back as the range; ISO-8601 has none.
                lines.append("\(key): \(YAMLText.quoted(DurationText.describe(minutes: minutes, upper: upper)))")
                lines.append("\(key)_iso: \(YAMLText.quoted(DurationText.iso8601(minutes: minutes)))")
            } else if let minutes = duration.minutes {
                // Minutes for sorting and filtering, ISO-8601 for tools that read schema.org.
                lines.append("\(key): \(YAMLText.number(minutes.rounded()))")
                lines.append("\(key)_iso: \(YAMLText.quoted(DurationText.iso8601(minutes: minutes)))")
            } else if let text = duration.text {
                lines.append("\(key): \(YAMLText.quoted(text))")
            }
        }
        if !recipe.categories.isEmpty { lines.append("categories: \(YAMLText.list(recipe.categories))") }
        if !recipe.cuisines.isEmpty { lines.append("cuisine: \(YAMLText.list(recipe.cuisines))") }
        if !recipe.tags.isEmpty { lines.append("tags: \(YAMLText.list(recipe.tags))") }
        if !recipe.diets.isEmpty { lines.append("diets: \(YAMLText.list(recipe.diets))") }
        if let rating = recipe.rating {
            lines.append("rating: \(YAMLText.number(rating.value))")
            if let count = rating.count { lines.append("rating_count: \(count)") }
            if let best = rating.best { lines.append("rating_best: \(YAMLText.number(best))") }
        }
        if let image = displayImage(recipe, imageLinks: imageLinks) { lines.append("image: \(YAMLText.quoted(image))") }
        // Every picture, for reading the file back; `image` alone is what site themes show.
        let pictures = linkedImages(recipe, imageLinks: imageLinks)
        if pictures.count > 1 { lines.append("images: \(YAMLText.list(pictures))") }
        // The web address of each picture whose copy is written beside the file: one for each
        // picture, `""` for one without.
        let addresses = pictureAddresses(recipe, imageLinks: imageLinks)
        if addresses.contains(where: { !$0.isEmpty }) { lines.append("image_urls: \(YAMLText.list(addresses))") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The picture to show: the export's own copy (a relative path the sink wrote), else the
    /// picture's web address; never an address of another scheme.
    func displayImage(_ recipe: Recipe, imageLinks: [String?]) -> String? {
        for (index, image) in recipe.images.enumerated() {
            if index < imageLinks.count, let link = imageLinks[index] { return link }
            if let url = WebLink.http(image.url) { return url }
        }
        return nil
    }

    /// For each picture of `linkedImages`, its web address when the picture is linked by its
    /// copy, else `""`; empty when no copy has an address beside it.
    func pictureAddresses(_ recipe: Recipe, imageLinks: [String?]) -> [String] {
        let addresses = recipe.images.enumerated().compactMap { index, image -> String? in
            let copy = index < imageLinks.count ? imageLinks[index] : nil
            guard copy != nil || WebLink.http(image.url) != nil else { return nil }
            return copy == nil ? "" : WebLink.http(image.url) ?? ""
        }
        return addresses.contains(where: { !$0.isEmpty }) ? addresses : []
    }

    /// Each picture's own copy or web address, in order; pictures with neither are left out.
    func linkedImages(_ recipe: Recipe, imageLinks: [String?]) -> [String] {
        recipe.images.enumerated().compactMap { index, image in
            (index < imageLinks.count ? imageLinks[index] : nil) ?? WebLink.http(image.url)
        }
    }

    func factLine(_ recipe: Recipe) -> String {
        RecipeFacts.of(recipe).map { "**\($0.label):** \(MarkdownText.inline($0.value))" }.joined(separator: " · ")
    }
}
