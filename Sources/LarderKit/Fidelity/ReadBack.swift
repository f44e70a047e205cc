import Foundation
import LarderCore

/// How Larder reads an export of a format back, for comparing what it wrote with what it was
/// given: the way `import` would read the same files.
public enum ReadBack: Sendable {
    /// File by file as `import` reads them: each file recognised by the registry, read by its
    /// format's reader, given the pictures beside it or named by it (`RecipeFileGroups`'
    /// rules), and normalized (`Recipe.normalized()`).
    case imported
    /// As `import` restores a backup: the recipe's canonical JSON, taken as it is.
    case restored

    /// Why the files of one recipe did not read back as one recipe.
    public struct Failure: DescribedError {
        public var description: String
    }

    /// The one recipe the files of one written recipe hold.
    func recipe(from files: [WrittenFile], limits: InputLimits = .standard) -> Result<Recipe, Failure> {
        switch self {
        case .imported: return Self.imported(files, limits: limits)
        case .restored: return Self.restored(files)
        }
    }

    static func restored(_ files: [WrittenFile]) -> Result<Recipe, Failure> {
        guard let json = files.first(where: { $0.path.hasPrefix("recipes/") && $0.path.hasSuffix(".json") }) else {
            return .failure(Failure(description: "no recipe file was written"))
        }
        do {
            return .success(try CanonicalJSON.decode(json.data))
        } catch {
            return .failure(Failure(description: "\(json.path) does not read back: \(ErrorText.describe(error))"))
        }
    }

    static func imported(_ files: [WrittenFile], limits: InputLimits) -> Result<Recipe, Failure> {
        var pictures: [RecipeFileGroups.Picture] = []
        var recipeFiles: [(file: RecipeFile, format: RecipeFormat)] = []
        for written in files {
            let file = RecipeFile(name: written.path, data: written.data)
            switch RecipeFileKind.of(file) {
            case .image:
                let data = written.data
                pictures.append(RecipeFileGroups.Picture(path: written.path, load: { data }, byteCount: data.count, held: true))
            case .recipe(let format):
                recipeFiles.append((file, format))
            case .archive, .other:
                return .failure(Failure(description: "\(written.path) is no file Larder reads as a recipe"))
            }
        }
        guard recipeFiles.count == 1, let (file, format) = recipeFiles.first, let reader = format.reader else {
            return .failure(Failure(description: "written as \(recipeFiles.count) recipe files, not one"))
        }
        var found: [FormatReader.Found] = []
        reader.read(file, context: ReadContext(input: file.name, limits: limits)) { found.append($0); return true }
        guard found.count == 1, let result = found.first?.result else {
            return .failure(Failure(description: "\(file.name) reads back as \(found.count) recipes, not one"))
        }
        var recipe: Recipe
        switch result {
        case .success(let read): recipe = read
        case .failure(let error): return .failure(Failure(description: "\(file.name) does not read back: \(error.description)"))
        }
        // The pictures the file names, then the one beside it, as the file walk gives them.
        _ = RecipeFileGroups.resolvePicturePaths(in: &recipe, recipeFile: file.name, among: pictures)
        if let picture = RecipeFileGroups.choosePicture(for: file.name, among: pictures, onlySameName: false),
           let bytes = try? picture.load() {
            RecipeFileGroups.attach([UInt8](bytes), to: &recipe)
        }
        do {
            return .success(try recipe.normalized().recipe)
        } catch {
            return .failure(Failure(description: "\(file.name) is skipped on import: \(error.reason)"))
        }
    }
}
