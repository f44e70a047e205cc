import Foundation
import LarderArchive
import LarderCore
import LarderHTML

/// Reads the recipes of one file's bytes, whatever format it is in: JSON of any shape, saved
/// pages, Cooklang, Meal-Master, Paprika's gzip'd JSON, CSV rows, the XML of MasterCook,
/// Gourmet and KRecipes, Copy Me That's page, Chowdown's Markdown, and archives inside the
/// input (their entries read the same way, one level deep). Pure of the file system: the bytes come from a
/// folder or an archive entry.
struct RecipeFileReader {
    var forced: ImportFormat?
    var pageURL: URL?
    var limits: InputLimits

    /// One recipe read from a file, or why a part of it could not be read; `item` says which
    /// part when the file holds several (`#2 Shakshuka`).
    typealias Found = (item: String?, result: Result<Recipe, MappingError>)

    /// The recipes of a file that is not an archive. `name` is its path inside the input, for
    /// choosing the reader and for messages.
    func recipes(name: String, data: Data, input: String) -> [Found] {
        let kind = forced.map { RecipeFileKind.forced($0, name: name, data: data) } ?? RecipeFileKind.of(name: name, data: data)
        let context = MappingContext(input: input, limits: limits)
        switch kind {
        case .json:
            return fromJSON(data, context: context)
        case .gzippedJSON:
            do {
                let json = try Decompressor.decompress(data, limit: limits.maxEntryBytes, label: name)
                return fromJSON(json, context: context, shape: forced?.jsonShape ?? .paprika)
            } catch let error as ArchiveError where error.limit != nil {
                let exceeded = InputLimits.Exceeded("a file once decompressed", limit: limits.maxEntryBytes, per: "file", unit: .bytes)
                return [(nil, .failure(.invalid(exceeded.description)))]
            } catch {
                return [(nil, .failure(.invalid("not a readable gzip file: \((error as? ArchiveError)?.message ?? ErrorText.describe(error))")))]
            }
        case .html:
            if forced == .copymethat || CopyMeThatMapper.looksLikeCopyMeThat(String(decoding: data.prefix(4096), as: UTF8.self)) {
                return mapped { try CopyMeThatMapper.recipes(in: MarkupReader.html(data), context: context) }
            }
            return page(data, input: input)
        case .xml:
            let document: MarkupDocument
            do { document = try MarkupReader.xml(data) } catch {
                return [(nil, .failure(.invalid(ErrorText.describe(error))))]
            }
            // XHTML: a page, not an app's export.
            if document.root.name.lowercased() == "html" { return page(data, input: input) }
            return mapped { RecipeXML.recipes(in: document, context: context) }
        case .csv:
            return mapped { RecipeCSVMapper.recipes(in: Self.text(of: data), context: context) }
        case .markdown:
            let fileName = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
            return [(nil, Result { try ChowdownMapper.recipe(from: Self.text(of: data), fileName: fileName, context: context) }.mapError(RecipeJSON.asMappingError))]
        case .cooklang:
            let text = Self.text(of: data)
            let fileName = ((name as NSString).lastPathComponent as NSString).deletingPathExtension
            return [(nil, Result { try CooklangMapper.recipe(from: text, fileName: fileName, context: context) }.mapError(RecipeJSON.asMappingError))]
        case .mealMaster:
            return MealMasterParser.recipes(in: Self.text(of: data), context: context).map { ($0.label, $0.result) }
        case .archive, .image, .other:
            return [(nil, .failure(.noRecipe("not a recipe file Larder reads")))]
        }
    }

    func page(_ data: Data, input: String) -> [Found] {
        guard data.count <= limits.maxPageBytes else {
            let exceeded = InputLimits.Exceeded("a page", found: data.count, limit: limits.maxPageBytes, per: "page", unit: .bytes)
            return [(nil, .failure(.invalid(exceeded.description)))]
        }
        do {
            return [(nil, .success(try RecipeScraper.scrape(html: data, url: pageURL, input: input)))]
        } catch ScrapeError.noRecipe {
            return [(nil, .failure(.noRecipe(ScrapeError.noRecipeDetail)))]
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    /// The recipes of a file that holds several, each under its label.
    func mapped(_ read: () throws -> [MappedRecipe]) -> [Found] {
        do {
            return try read().map { ($0.label, $0.result) }
        } catch {
            return [(nil, .failure(.invalid(ErrorText.describe(error))))]
        }
    }

    func fromJSON(_ data: Data, context: MappingContext, shape: JSONShape? = nil) -> [Found] {
        RecipeJSON.read(data, context: context, shape: shape ?? forced?.jsonShape).map { mapped in
            (mapped.label == context.input || mapped.label == "recipe" ? nil : mapped.label, mapped.result)
        }
    }

    /// UTF-8 when the bytes are; else Windows-1252, the code page old recipe programs wrote.
    static func text(of data: Data) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(data: bytes, encoding: .utf8) { return text }
        return String(data: bytes, encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
    }
}
