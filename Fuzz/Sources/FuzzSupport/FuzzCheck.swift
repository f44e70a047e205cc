import Foundation
import LarderCore

/// What a parser's result must be whatever the input.
public enum FuzzCheck {
    /// A number it reads is a real amount (finite, not negative). An infinite or NaN amount
    /// would be scaled, converted and written as nonsense ("0 cups") instead of the text being
    /// kept as written.
    public static func number(_ value: Double?, of input: String) {
        guard let value else { return }
        precondition(value.isFinite && value >= 0, "read \(value) from \(input.debugDescription)")
    }

    public static func amount(_ amount: Amount?, of input: String) {
        number(amount?.value, of: input)
        number(amount?.upper, of: input)
    }

    /// A recipe a reader hands out is one the library can store and read back, after the
    /// normalize stage has dropped what JSON cannot hold: otherwise it would fail at the store
    /// with Foundation's error text, or be stored and then lost to every later read.
    public static func storable(_ recipe: Recipe) {
        var kept = recipe
        _ = kept.dropNonFiniteNumbers()
        let stored: Data
        do {
            stored = try CanonicalJSON.encode(kept)
        } catch {
            fatalError("a recipe read from the input cannot be stored: \(String(describing: error).prefix(2000))")
        }
        do {
            _ = try CanonicalJSON.decode(stored)
        } catch {
            fatalError("a stored recipe cannot be read back: \(error)\n\(String(decoding: stored.prefix(2000), as: UTF8.self))")
        }
    }
}
