import Foundation
import LarderCore

/// The files of one input (a folder walked, or an archive's entries), taken in order and
/// grouped by the recipe folder they sit in, so that a recipe file gets the picture beside it:
/// Nextcloud's `recipe.json` + `full.jpg`, Tandoor's `recipe.json` + `image.jpeg`, Mealie's
/// `<slug>.json` + `images/original.webp`, Cooklang's `Pancakes.cook` + `Pancakes.jpg`.
/// With a `RecipeFileLayout` (the input's files listed first), a group is complete when its
/// last file has been read, whatever the order of the files; without one, when the next file
/// belongs to another folder (a folder walked in name order). Memory holds the pictures of the
/// groups still open, within `InputLimits.maxHeldImageBytes`.
final class RecipeFileGroups {
    /// Where a recipe read from `path` is reported: the input and the item within it.
    typealias Labeler = (_ path: String, _ item: String?) -> (input: String, item: String?)
    typealias Emit = (SourceEvent) async throws -> Void

    /// A picture of the input, by its path, read when a recipe takes it.
    struct Picture {
        var path: String
        var load: () throws -> Data
        var byteCount: Int
        /// Held in memory (an archive's entry), counted against the budget.
        var held: Bool
    }

    /// One folder's files while it is open.
    private struct Group {
        var pictures: [Picture] = []
        /// Pictures of the group that went onto a recipe; the others are reported at the group's end.
        var usedPictures: Set<String> = []
        /// Pictures chosen for a recipe that did not take them (it has its own picture already).
        var declinedPictures: Set<String> = []
        /// Recipe files that wait for the group's pictures, read when the group is complete.
        var waiting: [(file: RecipeFile, kind: RecipeFileKind, budget: DecompressionBudget)] = []
        var waitingBytes = 0
    }

    private let reader: RecipeFileReader
    private let label: Labeler
    private let forward: Emit
    private let depth: Int
    private var layout: RecipeFileLayout?
    /// The open groups, and the order they were opened in (finished in that order at the end).
    private var groups: [String: Group] = [:]
    private var openOrder: [String] = []
    /// Without a layout: the group of the last file, finished when the folder changes.
    private var currentFolder: String?
    /// Pictures no recipe took, reported at the end when the input held any recipe file or
    /// reported anything else (a note beside them, a link): a folder of pictures only is said
    /// once, as a folder without recipes, by its reader.
    private var unclaimedPictures: [(path: String, reason: String)] = []
    private var readAnyRecipeFile = false
    private var reportedAnything = false
    private var heldPictureBytes = 0
    private var waitingBytes = 0
    /// What the archive these files come from may still expand to; nil for files on disk (a
    /// folder's, a file named on its own), each of which gets a budget of its own.
    private let budget: DecompressionBudget?

    init(reader: RecipeFileReader, depth: Int = 0, layout: RecipeFileLayout? = nil, budget: DecompressionBudget? = nil,
         label: @escaping Labeler, emit: @escaping Emit) {
        self.reader = reader
        self.budget = budget
        self.depth = depth
        self.layout = layout
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

    /// Gives the groups the input's whole list of files, before the first is added (an
    /// archive's listing, read before its entries).
    func plan(_ layout: RecipeFileLayout) {
        self.layout = layout
    }

    /// The group a file belongs to.
    func group(of path: String) -> String {
        layout?.group(of: path) ?? Self.recipeFolder(of: path)
    }

    /// Takes the next file; `load` reads its bytes (only called when needed), `size` is its
    /// size when known before reading. `inMemory`: the bytes are held already (an archive's
    /// entry), rather than read from disk when `load` is called (a folder's file).
    func add(path: String, size: Int?, inMemory: Bool = true, load: @escaping () throws -> Data) async throws {
        let group = group(of: path)
        if layout?.knows(group) != true, group != currentFolder {
            // No list of the input's files (a folder walked in order): the folder before is complete.
            if let previous = currentFolder, layout?.knows(previous) != true { try await finishGroup(previous) }
            currentFolder = group
        }
        if groups[group] == nil {
            groups[group] = Group()
            openOrder.append(group)
        }
        try await take(path: path, group: group, size: size, inMemory: inMemory, load: load)
        if layout?.read(path, in: group) == true { try await finishGroup(group) }
    }

    private func take(path: String, group: String, size: Int?, inMemory: Bool, load: @escaping () throws -> Data) async throws {
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
            groups[group]?.pictures.append(Picture(path: path, load: load, byteCount: size ?? 0, held: inMemory))
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
            groups[group]?.pictures.append(Picture(path: path, load: { data }, byteCount: data.count, held: true))
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
            // A recipe file waits for the pictures still to come in its group, and, where its
            // format pairs it with any picture of its folder or names pictures by path, for the
            // whole group (with more than one recipe file there, only a picture named like a
            // file is its).
            if Self.takesGroupPicture(path) || format.reader?.namesPicturesByPath == true || layout?.awaitsPictures(in: group) == true {
                if waitingBytes + data.count > reader.limits.maxHeldRecipeBytes {
                    try await readWaiting(group, groupSize: (groups[group]?.waiting.count ?? 0) + 1)
                }
                groups[group]?.waiting.append((file, kind, budget))
                groups[group]?.waitingBytes += data.count
                waitingBytes += data.count
            } else {
                try await read(file, kind: kind, budget: budget, group: group, onlySameName: true)
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

    /// Reads what waits in the groups still open; call once after the last file (and before
    /// reading something else of the input on its own, such as a folder's archive).
    func finish() async throws {
        for group in openOrder where groups[group] != nil { try await finishGroup(group) }
        openOrder = []
        currentFolder = nil
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

    private func finishGroup(_ name: String) async throws {
        guard groups[name] != nil else { return }
        try await readWaiting(name, groupSize: groups[name]?.waiting.count ?? 0)
        guard let group = groups.removeValue(forKey: name) else { return }
        openOrder.removeAll { $0 == name }
        // Every file ends in the report: a picture no recipe took is listed as skipped, with why.
        for picture in group.pictures where !group.usedPictures.contains(picture.path) {
            let reason: String
            if group.declinedPictures.contains(picture.path) {
                reason = "a picture the recipe beside it did not take (it has its own picture, or these bytes are no picture Larder reads)"
            } else if let original = Self.original(of: picture.path, among: group.usedPictures) {
                reason = "a smaller copy of the picture the recipe beside it took (\((original as NSString).lastPathComponent))"
            } else {
                reason = "a picture no recipe in this folder names"
            }
            unclaimedPictures.append((picture.path, reason))
        }
        heldPictureBytes -= group.pictures.filter(\.held).reduce(0) { $0 + $1.byteCount }
    }

    /// The picture taken of which `path` is the app's smaller copy: Mealie's `min-original` and
    /// `tiny-original` beside `original`, Nextcloud's `thumb` and `thumb16` beside `full`.
    static func original(of path: String, among used: Set<String>) -> String? {
        func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() }
        let copy = stem(path)
        return used.sorted().first { taken in
            let original = stem(taken)
            return copy != original && (copy.hasSuffix("-" + original) || copy.hasPrefix("thumb") || copy.hasPrefix("min-") || copy.hasPrefix("tiny-"))
        }
    }

    /// Reads the recipe files that wait in a group, with its pictures met so far; `groupSize`
    /// is how many recipe files the group has at least (with more than one, only a picture
    /// named like a file is its).
    private func readWaiting(_ name: String, groupSize: Int) async throws {
        guard let files = groups[name]?.waiting, !files.isEmpty else { return }
        waitingBytes -= groups[name]?.waitingBytes ?? 0
        groups[name]?.waiting = []
        groups[name]?.waitingBytes = 0
        for (file, kind, budget) in files {
            // A file that pairs with no picture but its own name's waited only for the pictures to come.
            let takesAny = Self.takesGroupPicture(file.name) || { if case .recipe(let format) = kind { return format.reader?.namesPicturesByPath == true }; return false }()
            try await read(file, kind: kind, budget: budget, group: name, onlySameName: groupSize > 1 || !takesAny)
        }
    }

    /// Files that share their folder's picture by the convention of some format (Nextcloud's
    /// `recipe.json`, a `.cook` file): they wait for the folder's pictures.
    static func takesGroupPicture(_ path: String) -> Bool {
        FormatRegistry.fileFormats.contains { $0.reader?.takesFolderPicture(path) == true }
    }

    private func read(_ file: RecipeFile, kind: RecipeFileKind, budget: DecompressionBudget, group: String, onlySameName: Bool) async throws {
        let path = file.name
        readAnyRecipeFile = true
        // Parsing may take seconds for a large file: it runs on a worker thread and hands its
        // recipes over a few at a time, and Ctrl-C does not wait for it.
        let (reader, input) = (reader, label(path, nil).input)
        // The file (and what recognising it worked out, such as its parsed JSON) is handed to
        // the parsing thread: nothing here reads it again.
        nonisolated(unsafe) let handed = file
        let larderJSON = file.jsonShape == .larder
        let handoff = ReadHandoff<RecipeFileReader.Found>.start { handoff in
            reader.read(handed, kind: kind, input: input, budget: budget, keepGoing: { handoff.isOpen }) { handoff.put($0) }
        }
        defer { handoff.cancel() }
        let pictures = groups[group]?.pictures ?? []
        let picture = Self.choosePicture(for: path, among: pictures, onlySameName: onlySameName)
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
                    try await deliver(first, path: path, group: group, pictures: pictures, larderJSON: larderJSON, picture: nil, pictureBytes: nil)
                }
                try await deliver(found, path: path, group: group, pictures: pictures, larderJSON: larderJSON, picture: nil, pictureBytes: nil)
            }
            if let first = held {
                held = nil
                try await deliver(first, path: path, group: group, pictures: pictures, larderJSON: larderJSON, picture: picture, pictureBytes: pictureBytes)
            }
        } catch let stop as CancellationError {
            let where_ = label(path, nil)
            try await emit(.skipped(input: where_.input, item: where_.item, reason: Pipeline.interrupted, kind: .interrupted))
            throw stop
        }
    }

    /// One recipe (or failure) of a file, reported; `picture` goes onto it when the file held
    /// only this one.
    private func deliver(_ found: RecipeFileReader.Found, path: String, group: String, pictures: [Picture], larderJSON: Bool,
                         picture: Picture?, pictureBytes: Data?) async throws {
        let (item, result) = found
        let where_ = label(path, item)
        switch result {
        case .success(var recipe):
            let resolved = Self.resolvePicturePaths(in: &recipe, recipeFile: path, among: pictures)
            groups[group]?.usedPictures.formUnion(resolved)
            if let picture, let pictureBytes {
                if Self.attach([UInt8](pictureBytes), to: &recipe) {
                    groups[group]?.usedPictures.insert(picture.path)
                } else {
                    groups[group]?.declinedPictures.insert(picture.path)
                }
            }
            // What of another app's file stays behind; Larder's own JSON holds all of it.
            let notRead = larderJSON ? [] : recipe.unreadFieldNames
            if notRead.isEmpty {
                try await emit(.recipe(recipe, input: where_.input, item: where_.item))
            } else {
                try await emit(.recipeNoting(recipe, input: where_.input, item: where_.item, notes: [], notRead: notRead))
            }
        case .failure(let error):
            try await emit(.failed(input: where_.input, item: where_.item, reason: error.description))
        }
    }

    /// Pictures a recipe names by a path relative to its file (`images/x.jpg`, `x.jpg`) get the
    /// bytes of that file when it is in the input; a site's page may name it from the site's
    /// root or its `images/` folder (Chowdown's `_recipes/okra.md` says `image: okra.jpg` for
    /// `images/okra.jpg`), so the folders above the file are tried too, nearest first. A path
    /// never opens anything by itself: it is only compared with the names of the files read, so
    /// `../` leads nowhere. A path that names no file read is kept in `extras["imageFiles"]`,
    /// since it means nothing on its own. A picture named by `file` beside a web address (a
    /// Markdown export's copy of a picture from the web) keeps its address with the bytes.
    /// Returns the pictures used; the fidelity check reads an export back with it too.
    static func resolvePicturePaths(in recipe: inout Recipe, recipeFile: String, among pictures: [Picture]) -> Set<String> {
        func reference(of image: RecipeImage) -> String? {
            image.file ?? image.url.flatMap { isRelativeReference($0) ? $0 : nil }
        }
        guard recipe.images.contains(where: { reference(of: $0) != nil }) else { return [] }
        var unresolved: [String] = []
        var used: Set<String> = []
        recipe.images = recipe.images.compactMap { image in
            guard let reference = reference(of: image) else { return image }
            let address = image.file == nil ? nil : image.url
            for wanted in candidates(for: reference, from: recipeFile) {
                if let picture = pictures.first(where: { Self.normalized($0.path) == wanted }),
                   let bytes = try? picture.load(), let mediaType = ImageBytes.mediaType(of: [UInt8](bytes)) {
                    used.insert(picture.path)
                    return RecipeImage(url: address, mediaType: mediaType, embeddedData: [UInt8](bytes))
                }
            }
            unresolved.append(reference)
            return address.map { RecipeImage(url: $0) }
        }
        if !unresolved.isEmpty {
            // Beside any the reader refused to open.
            let earlier = recipe.extras["imageFiles"]?.arrayValue ?? []
            recipe.extras["imageFiles"] = .array(earlier + unresolved.map(JSONValue.string))
        }
        return used
    }

    /// Where a picture named by a relative path may be, nearest first: beside the recipe file,
    /// then in each folder above it and that folder's `images/`.
    static func candidates(for reference: String, from recipeFile: String) -> [String] {
        func parent(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
        var folder = parent(recipeFile)
        guard let beside = normalized(folder.isEmpty ? reference : folder + "/" + reference) else { return [] }
        var found = [beside]
        while !folder.isEmpty {
            folder = parent(folder)
            for path in [reference, "images/" + reference] {
                if let candidate = normalized(folder.isEmpty ? path : folder + "/" + path), !found.contains(candidate) { found.append(candidate) }
            }
        }
        return found
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
    static func choosePicture(for path: String, among pictures: [Picture], onlySameName: Bool) -> Picture? {
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
