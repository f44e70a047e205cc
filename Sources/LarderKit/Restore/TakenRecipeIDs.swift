import Foundation

/// Whether a restored recipe's id is taken in the library, without a file system lookup per
/// recipe (in a folder of thousands, one was a tenth of a restore's system time).
///
/// A recipe moved in as it is sits at the path it had in the bundle, `recipes/<id>.json`, and
/// the bundle's recipes come in manifest order: the library's manifest, exact when the restore
/// starts, is read forwards beside them. What this restore itself stores under a path other than
/// the recipe's own in the bundle (a recipe whose id is not its file name, a `-copy`) is
/// remembered, so a later recipe of that id is known to be taken; these are few. Any other
/// question — a recipe stored under another name, or asked out of order — is answered by a
/// lookup on disk, as is every question when the manifest cannot be read.
final class TakenRecipeIDs {
    private let library: Library
    private var manifest: ManifestReader?
    private var current: Manifest.File?
    private var lastAsked: String?
    private var storedElsewhere: Set<String> = []

    init(library: Library) {
        self.library = library
        do {
            manifest = try library.manifestAsItStands()
            current = try manifest?.next()
        } catch {
            manifest = nil
        }
    }

    /// Whether the library holds `recipes/<id>.json`; `bundlePath` is where the recipe was in the
    /// bundle.
    func isTaken(_ id: String, bundlePath: String) -> Bool {
        let path = "recipes/\(id).json"
        guard manifest != nil, path == bundlePath, lastAsked.map({ Manifest.precedes($0, path) }) ?? true else {
            return library.contains(id: id)
        }
        lastAsked = path
        if storedElsewhere.contains(id) { return true }
        do {
            while let file = current, Manifest.precedes(file.path, path) { current = try manifest?.next() }
        } catch {
            manifest = nil
            return library.contains(id: id)
        }
        return current?.path == path
    }

    /// This restore stored a recipe of the bundle's `bundlePath` as `id`.
    func stored(_ id: String, bundlePath: String) {
        if "recipes/\(id).json" != bundlePath { storedElsewhere.insert(id) }
    }
}
