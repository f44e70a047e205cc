import Foundation
import LarderCore

/// What one file (on disk or inside an archive) is, from its name and first bytes.
enum RecipeFileKind: Equatable {
    case json, html, cooklang, mealMaster
    /// Spreadsheet rows, one recipe each (Plan to Eat, My Recipe Box, any titled CSV).
    case csv
    /// An app's XML export (MasterCook, Gourmet, KRecipes); the root element says which.
    case xml
    /// Markdown with recipe front matter (Chowdown).
    case markdown
    /// One gzip'd JSON recipe: Paprika's `.paprikarecipe`.
    case gzippedJSON
    /// An archive inside the input: Paprika's `.paprikarecipes`, Tandoor's per-recipe zips.
    case archive
    case image
    case other

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif"]

    /// From the name alone, for files that may not need reading (pictures, clutter).
    static func byName(_ name: String) -> RecipeFileKind? {
        let lower = name.lowercased()
        let ext = (lower as NSString).pathExtension
        switch ext {
        case "json", "jsonld": return .json
        case "html", "htm", "xhtml": return .html
        case "cook": return .cooklang
        case "mmf", "mm", "mxp": return .mealMaster
        case "csv": return .csv
        case "mx2", "grmt", "kreml", "xml": return .xml
        case "paprikarecipe": return .gzippedJSON
        case "paprikarecipes", "zip": return .archive
        default: break
        }
        if [".tar.gz", ".tgz", ".tar.zst", ".tzst", ".tar.xz", ".txz", ".tar"].contains(where: lower.hasSuffix) { return .archive }
        if imageExtensions.contains(ext) { return .image }
        return nil
    }

    /// From the name, else from the first bytes: gzip, zip, zstd and xz magic, an XML declaration, `<`,
    /// `{`/`[`, a Meal-Master header line, a CSV header naming recipe columns, Markdown
    /// front matter listing ingredients.
    static func of(name: String, data: Data) -> RecipeFileKind {
        if let kind = byName(name) { return kind }
        let head = [UInt8](data.prefix(4))
        if head.starts(with: [0x1F, 0x8B]) { return .gzippedJSON }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .archive }
        // zstd and xz: the compressions Larder's own exports use besides gzip.
        if head.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) || head.starts(with: [0xFD, 0x37, 0x7A, 0x58]) { return .archive }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        switch FileSource.firstSignificantByte(of: data) {
        case UInt8(ascii: "<"): return text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<?xml") ? .xml : .html
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        default: break
        }
        if MealMasterParser.looksLikeMealMaster(text) { return .mealMaster }
        if ChowdownMapper.looksLikeChowdown(text) { return .markdown }
        if RecipeCSVMapper.looksLikeRecipeCSV(text) { return .csv }
        return .other
    }

    /// The kind a forced format reads every recipe file as.
    static func forced(_ format: ImportFormat, name: String, data: Data) -> RecipeFileKind {
        switch format {
        case .cooklang: return .cooklang
        case .mealmaster: return .mealMaster
        case .html, .copymethat: return .html
        case .csv, .plantoeat, .myrecipebox: return .csv
        case .mastercook, .gourmet, .krecipes: return .xml
        case .chowdown: return .markdown
        case .paprika:
            let kind = of(name: name, data: data)
            return kind == .archive || kind == .json || kind == .image ? kind : .gzippedJSON
        default:
            return of(name: name, data: data)
        }
    }
}
