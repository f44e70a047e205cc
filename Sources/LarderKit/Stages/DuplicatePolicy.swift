/// What an import does with a recipe the library already holds (same id, source URL or
/// content): leave the stored one alone, replace it, or keep both.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// The stored recipe stays; the new one is reported as skipped.
    case skip
    /// The new recipe replaces the stored one under its id (images it no longer has are removed).
    case update
    /// The new recipe is stored beside the old one under a new id (`<id>-copy`, `<id>-copy-2`, …).
    case copy
}
