import Foundation
import LarderCore

/// The files of one input (a folder walked, or an archive's entries), taken in order and
/// grouped by the recipe folder they sit in, so that a recipe file gets the picture beside it:
/// Nextcloud's `recipe.json` + `full.jpg`, Tandoor's `recipe.json` + `image.jpeg`, Mealie's
/// `<slug>.json` + `images/original.webp`, Cooklang's `Pancakes.cook` + `Pancakes.jpg`.
/// Memory holds one group's pictures at most.
final class RecipeFileGroups {
    /// Where a recipe read from `path` is reported: the input and the item within it.
    typealias Labeler = (_ path: String, _ item: String?) -> (input: String, item: String?)
    typealias Emit = (SourceEvent) async throws -> Void

    private struct Picture {
        var path: String
        var load: () throws -> Data
        var byteCount: Int
    }

    private let reader: RecipeFileReader
    private let label: Labeler
    private let forward: Emit
    private let depth: Int
    private var folder: String?
    private var pictures: [Picture] = []
    /// Pictures of the group that went onto a recipe; the others are reported at the group's end.
    private var usedPictures: Set<String> = []
    /// Pictures chosen for a recipe that did not take them (it has its own picture already).
    private var declinedPictures: Set<String> = []
    /// Pictures no recipe took, reported at the end when the input held any recipe file or
    /// reported anything else (a note beside them, a link): a folder of pictures only is said
    /// once, as a folder without recipes, by its reader.
    private var unclaimedPictures: [(path: String, reason: String)] = []
    private var readAnyRecipeFile = false
    private var reportedAnything = false
    private var heldPictureBytes = 0
    /// Recipe files that take the group's picture, read when the group is complete.
    private var waiting: [(file: RecipeFile, kind: RecipeFileKind, budget: DecompressionBudget)] = []
    /// What the archive these files come from may still expand to; nil for files on disk (a
    /// folder's, a file named on its own), each of which gets a budget of its own.
    private let budget: DecompressionBudget?
    private var waitingBytes = 0

    init(reader: RecipeFileReader, depth: Int = 0, budget: DecompressionBudget? = nil, label: @escaping Labeler, emit: @escaping Emit) {
        self.reader = reader
        self.budget = budget
        self.depth = depth
        self.label = label
        self.forward = emit
    }

    /// Every entry of the input goes through here, so that the groups know whether the input
    /// said anything besides its pictures.
    private func emit(_ event: SourceEvent) async throws {
        reportedAnything = true
        try await forward(event)
    }

    /// Something of the input was reported by other means (a folder's archive, read on its own).
    func noteReported() {
        reportedAnything = true
    }

    /// The folder a file belongs to for pairing: its own, or for files in an `images/` folder
    /// or a folder inside it (Markdown's `images/<recipe>/1.jpg`), the recipe folder above it.
    static func recipeFolder(of path: String) -> String {
        let parts = path.split(separator: "/").dropLast()
        if let images = parts.lastIndex(where: { $0.lowercased() == "images" }), images >= parts.count - 2 {
            return parts[..<images].joined(separator: "/")
        }
        return parts.joined(separator: "/")
    }

    /// Takes the next file; `load` reads its bytes (only called when needed), `size` is its
    /// size when known before reading. `inMemory`: the bytes are held already (an archive's
    /// entry), rather than read from disk when `load` is called (a folder's file).
    func add(path: String, size: Int?, inMemory: Bool = true, load: @escaping () throws -> Data) async throws {
        let group = Self.recipeFolder(of: path)
        if group != folder {
            try await finishGroup()
            folder = group
        }
        if let size, size > reader.limits.maxEntryBytes {
            let where_ = label(path, nil)
            let exceeded = InputLimits.Exceeded("a file", found: size, limit: reader.limits.maxEntryBytes, per: "file", unit: .bytes)
            try await emit(.failed(input: where_.input, item: where_.item, reason: exceeded.description))
            return
        }
        if RecipeFileKind.container(byName: path) == .image, let size, size > reader.limits.maxImageBytes {
            // Too large to be any recipe's picture: said on its own, and the recipe beside it
            // comes in without it.
            let where_ = label(path, nil)
            let exceeded = InputLimits.Exceeded("a picture", found: size, limit: reader.limits.maxImageBytes, per: "picture", unit: .bytes)
            try await emit(.failed(input: where_.input, item: where_.item, reason: exceeded.description))
            return
        }
        if RecipeFileKind.container(byName: path) == .image {
            // A folder's pictures are names until a recipe takes one (a Markdown export keeps
            // every picture in one group); only pictures held in memory count against the budget,
            // and one past it is said, never dropped in silence.
            if inMemory {
                guard heldPictureBytes < reader.limits.maxHeldImageBytes else {
                    let where_ = label(path, nil)
                    let budget = InputLimits.Exceeded("pictures held at once", limit: reader.limits.maxHeldImageBytes, per: "folder of an archive", unit: .bytes)
                    try await emit(.failed(input: where_.input, item: where_.item, reason: "not read: \(budget.description)"))
                    return
                }
                heldPictureBytes += size ?? 0
            }
            pictures.append(Picture(path: path, load: load, byteCount: size ?? 0))
            return
        }
        let data: Data
        do {
            data = try load()
        } catch let exceeded as InputLimits.Exceeded {
            let where_ = label(path, nil)
            try await emit(.failed(input: where_.input, item: where_.item, reason: exceeded.description))
            return
        } catch {
            let where_ = label(path, nil)
            try await emit(.failed(input: where_.input, item: where_.item, reason: "cannot read it: \(Self.describe(error))"))
            return
        }
        let file = RecipeFile(name: path, data: data)
        let kind = reader.kind(of: file)
        // An archive's entry shares the archive's budget; a file read from disk has its own.
        let budget = inMemory ? (self.budget ?? DecompressionBudget(fileBytes: data.count, limits: reader.limits))
                              : DecompressionBudget(fileBytes: data.count, limits: reader.limits)
        switch kind {
        case .image:
            pictures.append(Picture(path: path, load: { data }, byteCount: data.count))
            heldPictureBytes += data.count
        case .archive:
            try await readNestedArchive(path: path, data: data, budget: budget)
        case .other:
            let where_ = label(path, nil)
            let ext = (path as NSString).pathExtension
            try await emit(.skipped(input: where_.input, item: where_.item,
                                    reason: "not a recipe file Larder reads" + (ext.isEmpty ? "" : " (.\(ext))")))
        case .recipe(let format):
            if let reason = format.reader?.bookkeeping?(file) {
                let where_ = label(path, nil)
                try await emit(.skipped(input: where_.input, item: where_.item, reason: reason, kind: .bookkeeping))
                return
            }
            if Self.takesGroupPicture(path) || format.reader?.namesPicturesByPath == true {
                if waitingBytes + data.count > reader.limits.maxHeldRecipeBytes { try await readWaiting(groupSize: waiting.count + 1) }
                waiting.append((file, kind, budget))
                waitingBytes += data.count
            } else {
                try await read(file, kind: kind, budget: budget, onlySameName: true)
            }
        }
    }

    /// An entry that is not read (an archive's link or device), listed as skipped with why.
    func skip(path: String, reason: String, kind: SkipKind? = nil) async throws {
        let where_ = label(path, nil)
        try await emit(.skipped(input: where_.input, item: where_.item, reason: reason, kind: kind))
    }

    /// A file that cannot be read (a link that leads nowhere), failed with why.
    func fail(path: String, reason: String) async throws {
        let where_ = label(path, nil)
        try await emit(.failed(input: where_.input, item: where_.item, reason: reason))
    }

    /// Reads what waits for the last group; call once after the last file.
    func finish() async throws {
        try await finishGroup()
        // Kept until the input says something else (`finish` is called again after each
        // archive of a folder), else told as the input's "no recipe files".
        guard readAnyRecipeFile || reportedAnything else { return }
        let unclaimed = unclaimedPictures
        unclaimedPictures = []
        for (path, reason) in unclaimed {
            let where_ = label(path, nil)
            try await emit(.skipped(input: where_.input, item: where_.item, reason: reason))
        }
    }

    private func finishGroup() async throws {
        try await readWaiting(groupSize: waiting.count)
        // Every file ends in the report: a picture no recipe took is listed as skipped, with why.
        for picture in pictures where !usedPictures.contains(picture.path) {
            let reason = declinedPictures.contains(picture.path)
                ? "a picture the recipe beside it did not take (it has its own picture, or these bytes are no picture Larder reads)"
                : "a picture no recipe in this folder names"
            unclaimedPictures.append((picture.path, reason))
        }
        usedPictures = []
        declinedPictures = []
        pictures = []
        heldPictureBytes = 0
    }

    /// Reads the recipe files that wait, with the pictures met so far; `groupSize` is how many
    /// recipe files the group has at least (with more than one, only a picture named like a file
    /// is its).
    private func readWaiting(groupSize: Int) async throws {
        let files = waiting
        waiting = []
        waitingBytes = 0
        for (file, kind, budget) in files {
            try await read(file, kind: kind, budget: budget, onlySameName: groupSize > 1)
        }
    }

    /// Files that share their folder's picture by the convention of some format (Nextcloud's
    /// `recipe.json`, a `.cook` file): they wait for the folder's pictures.
    static func takesGroupPicture(_ path: String) -> Bool {
        FormatRegistry.fileFormats.contains { $0.reader?.takesFolderPicture(path) == true }
    }

    private func read(_ file: RecipeFile, kind: RecipeFileKind, budget: DecompressionBudget, onlySameName: Bool) async throws {
        let path = file.name
        readAnyRecipeFile = true
        // Parsing may take seconds for a large file: it runs on a worker thread and hands its
        // recipes over a few at a time, and Ctrl-C does not wait for it.
        let (reader, input) = (reader, label(path, nil).input)
        // The file (and what recognising it worked out, such as its parsed JSON) is handed to
        // the parsing thread: nothing here reads it again.
        nonisolated(unsafe) let handed = file
        let handoff = ReadHandoff<RecipeFileReader.Found>.start { handoff in
            reader.read(handed, kind: kind, input: input, budget: budget, keepGoing: { handoff.isOpen }) { handoff.put($0) }
        }
        defer { handoff.cancel() }
        let picture = choosePicture(for: path, onlySameName: onlySameName)
        var pictureBytes: Data?
        if let picture { pictureBytes = try? picture.load() }
        // The first recipe waits for the second: only a file of one recipe takes the picture.
        var held: RecipeFileReader.Found?
        var count = 0
        do {
            while let found = try await handoff.next() {
                count += 1
                if count == 1 {
                    held = found
                    continue
                }
                if let first = held {
                    held = nil
                    try await deliver(first, path: path, picture: nil, pictureBytes: nil)
                }
                try await deliver(found, path: path, picture: nil, pictureBytes: nil)
            }
            if let first = held {
                held = nil
                try await deliver(first, path: path, picture: picture, pictureBytes: pictureBytes)
            }
        } catch let stop as CancellationError {
            let where_ = label(path, nil)
            try await emit(.skipped(input: where_.input, item: where_.item, reason: Pipeline.interrupted, kind: .interrupted))
            throw stop
        }
    }

    /// One recipe (or failure) of a file, reported; `picture` goes onto it when the file held
    /// only this one.
    private func deliver(_ found: RecipeFileReader.Found, path: String, picture: Picture?, pictureBytes: Data?) async throws {
        let (item, result) = found
        let where_ = label(path, item)
        switch result {
        case .success(var recipe):
            resolvePicturePaths(in: &recipe, recipeFile: path)
            if let picture, let pictureBytes {
                if Self.attach([UInt8](pictureBytes), to: &recipe) { usedPictures.insert(picture.path) } else { declinedPictures.insert(picture.path) }
            }
            try await emit(.recipe(recipe, input: where_.input, item: where_.item))
        case .failure(let error):
            try await emit(.failed(input: where_.input, item: where_.item, reason: error.description))
        }
    }

    /// Pictures a recipe names by a path relative to its file (`images/x.jpg`, `x.jpg`) get the
    /// bytes of that file when it is in the input. A path never opens anything by itself: it is
    /// only compared with the names of the files read, so `../` leads nowhere. A path that
    /// names no file read is kept in `extras["imageFiles"]`, since it means nothing on its own.
    private func resolvePicturePaths(in recipe: inout Recipe, recipeFile: String) {
        guard recipe.images.contains(where: { $0.url.map(Self.isRelativeReference) ?? false }) else { return }
        let folder = (recipeFile as NSString).deletingLastPathComponent
        var unresolved: [String] = []
        recipe.images = recipe.images.compactMap { image in
            guard let reference = image.url, Self.isRelativeReference(reference) else { return image }
            if let wanted = Self.normalized(folder.isEmpty ? reference : folder + "/" + reference),
               let picture = pictures.first(where: { Self.normalized($0.path) == wanted }),
               let bytes = try? picture.load(), let mediaType = ImageBytes.mediaType(of: [UInt8](bytes)) {
                usedPictures.insert(picture.path)
                return RecipeImage(mediaType: mediaType, embeddedData: [UInt8](bytes))
            }
            unresolved.append(reference)
            return nil
        }
        if !unresolved.isEmpty {
            // Beside any the reader refused to open.
            let earlier = recipe.extras["imageFiles"]?.arrayValue ?? []
            recipe.extras["imageFiles"] = .array(earlier + unresolved.map(JSONValue.string))
        }
    }

    static func isRelativeReference(_ reference: String) -> Bool {
        !reference.contains(":") && !reference.hasPrefix("/") && !reference.hasPrefix("//") && !reference.isEmpty
    }

    /// A path with `.` and `..` folded and percent-escapes decoded, for comparing names only;
    /// nil when it climbs above the input, where nothing it names can be.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in (path.removingPercentEncoding ?? path).split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/").precomposedStringWithCanonicalMapping
    }

    /// The picture named like the recipe file; else, for a recipe alone in its folder, the
    /// app's main picture (`full`, `original`, `image`), else any but a thumbnail.
    private func choosePicture(for path: String, onlySameName: Bool) -> Picture? {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        func stemOf(_ picture: Picture) -> String {
            ((picture.path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
        }
        if let same = pictures.first(where: { stemOf($0) == stem }) { return same }
        guard !onlySameName else { return nil }
        for preferred in ["full", "original", "image", "min-original", "tiny-original"] {
            if let picture = pictures.first(where: { stemOf($0) == preferred }) { return picture }
        }
        return pictures.first { !stemOf($0).hasPrefix("thumb") }
    }

    /// The picture's bytes go on the recipe's first web image when it has no file yet (the
    /// same picture, kept with its address), else in front as an image of their own. False when
    /// the recipe keeps its own picture or the bytes are no picture.
    @discardableResult
    static func attach(_ bytes: [UInt8], to recipe: inout Recipe) -> Bool {
        guard let mediaType = ImageBytes.mediaType(of: bytes) else { return false }
        if recipe.images.contains(where: { $0.embeddedData != nil || $0.path != nil }) { return false }
        if !recipe.images.isEmpty, recipe.images[0].url != nil {
            recipe.images[0].embeddedData = bytes
            recipe.images[0].mediaType = mediaType
        } else {
            recipe.images.insert(RecipeImage(mediaType: mediaType, embeddedData: bytes), at: 0)
        }
        return true
    }

    /// An archive inside the input (Tandoor's per-recipe zips, a `.paprikarecipes` in a
    /// folder): its entries are read the same way, one level deep.
    private func readNestedArchive(path: String, data: Data, budget: DecompressionBudget) async throws {
        guard depth < 2 else {
            let where_ = label(path, nil)
            try await emit(.skipped(input: where_.input, item: where_.item, reason: "an archive nested too deep"))
            return
        }
        let outer = label
        let nested = RecipeFileGroups(reader: reader, depth: depth + 1, budget: budget, label: { inner, item in
            let base = outer(path, nil)
            let within = (base.item.map { $0 + "/" } ?? "") + inner
            return (base.input, item.map { "\(within) \($0)" } ?? within)
        }, emit: { [unowned self] in try await self.emit($0) })
        do {
            try await ArchiveInput.walk(data: data, name: path, into: nested, limits: reader.limits, budget: budget)
        } catch let error as ArchiveInput.Refusal {
            let where_ = label(path, nil)
            try await emit(.failed(input: where_.input, item: where_.item, reason: error.description))
        }
    }

    /// Why a file could not be read; the report names the file already.
    static func describe(_ error: Error) -> String {
        (FileProblem.retold(error, .read, path: "") as? FileProblem)?.reason ?? ErrorText.describe(error)
    }
}
