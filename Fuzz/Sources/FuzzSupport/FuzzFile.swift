import Foundation
import LarderCore
@testable import LarderKit

/// The targets for one file format: the bytes read as `larder import --from FORMAT` reads a
/// file, every recipe read checked to be storable (`FuzzCheck.storable`).
public enum FuzzFile {
    public static func read(_ data: Data, as format: RecipeFormat, name: String) {
        let reader = RecipeFileReader(forced: format, pageURL: nil, limits: InputLimits())
        for found in reader.recipes(name: name, data: data, input: name) {
            if case .success(let recipe) = found.result { FuzzCheck.storable(recipe) }
        }
    }
}
