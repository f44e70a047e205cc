import Foundation
import LarderCore
import LarderHTML

/// Readers that several formats share: JSON of any dialect (the JSON formats differ in how
/// they are recognised and forced, not in how their JSON is read), saved pages, and the XML of
/// recipe apps, which the root element sends to the right mapper.
enum SharedReaders {
    /// The recipes of a JSON file, each object read by its keys unless `shape` forces one.
    static func json(_ file: RecipeFile, _ context: ReadContext, shape: JSONShape?) -> [FormatReader.Found] {
        let mapping = context.mapping
        let mapped = file.json.map { RecipeJSON.read($0, context: mapping, shape: shape) } ?? RecipeJSON.read(file.data, context: mapping, shape: shape)
        return mapped.map { ($0.label == context.input || $0.label == "recipe" ? nil : $0.label, $0.result) }
    }

    /// The recipes of a saved web page (a round-up page holds several).
    static func page(_ data: Data, _ context: ReadContext) -> [FormatReader.Found] {
        guard data.count <= context.limits.maxPageBytes else {
            let exceeded = InputLimits.Exceeded("a page", found: data.count, limit: context.limits.maxPageBytes, per: "page", unit: .bytes)
            return [(nil, .failure(.invalid(exceeded.description)))]
        }
        do {
            let recipes = try RecipeScraper.scrapeAll(html: data, url: context.pageURL, input: context.input, limits: context.limits)
            // A page of several recipes lists each under its title.
            return recipes.map { (recipes.count > 1 ? $0.title : nil, .success($0)) }
        } catch ScrapeError.noRecipe {
            return [(nil, .failure(.noRecipe(ScrapeError.noRecipeDetail)))]
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    /// An XML file: an app's export (MasterCook, Gourmet, KRecipes; the root element says
    /// which), or an XHTML page.
    static func appXML(_ file: RecipeFile, _ context: ReadContext) -> [FormatReader.Found] {
        let document: MarkupDocument
        do { document = try MarkupReader.xml(file.data) } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
        if document.root.name.lowercased() == "html" { return page(file.data, context) }
        return mapped { RecipeXML.recipes(in: document, context: context.mapping) }
    }

    /// The recipes of a file that holds several, each under its label.
    static func mapped(_ read: () throws -> [MappedRecipe]) -> [FormatReader.Found] {
        do {
            return try read().map { ($0.label, $0.result) }
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    /// One recipe from a file's text, failing alone.
    static func one(_ read: () throws -> Recipe) -> [FormatReader.Found] {
        [(nil, Result { try read() }.mapError(RecipeJSON.asMappingError))]
    }
}
