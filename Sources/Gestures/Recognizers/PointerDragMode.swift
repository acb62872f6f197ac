import Geometry
import Events

/// How a left-button drag holds the photo, chosen by the modifier keys held:
///
/// - no Alt: `plain`, the pointer drags (pans) the photo;
/// - Alt: `mirrored`, two virtual fingers, the pointer and its mirror `2·pivot − pointer`;
/// - Alt + Shift: `translated`, two virtual fingers a fixed offset apart, both following the pointer.
///
/// Ctrl and GUI do not change a drag.
enum PointerDragMode: Hashable, Sendable {
    case plain
    case mirrored(pivot: Point)
    case translated(offset: Point)

    /// The three families, without their geometry.
    enum Family: Hashable, Sendable { case plain, mirrored, translated }

    static func family(for modifiers: Modifiers) -> Family {
        guard modifiers.contains(.alt) else { return .plain }
        return modifiers.contains(.shift) ? .translated : .mirrored
    }

    var family: Family {
        switch self {
        case .plain: .plain
        case .mirrored: .mirrored
        case .translated: .translated
        }
    }

    /// The mode of `family` entered with the pointer at `pointer`, coming from `self`, so that the
    /// virtual fingers appear where a person expects and the photo does not move:
    ///
    /// - into `mirrored` from `translated`: the pivot is the pair's midpoint (the fingers stay put);
    ///   from `plain`: the pivot is `mirrorPivot` (the photo's centre), when it is finite;
    /// - into `translated` from `mirrored`: the pair keeps its offset (the fingers stay put);
    ///   from `plain`: the second finger is where the mirror would be, `2·mirrorPivot − pointer`;
    /// - into `plain`: the pointer alone.
    ///
    /// Without a finite `mirrorPivot`, Alt + drag from a plain drag stays plain and Alt + Shift
    /// puts both fingers on the pointer.
    func entering(_ family: Family, pointer: Point, mirrorPivot: Point) -> PointerDragMode {
        switch (family, self) {
        case (.plain, _):
            return .plain
        case (.mirrored, .mirrored):
            return self
        case let (.mirrored, .translated(offset)):
            return .mirrored(pivot: pointer + offset / 2)
        case (.mirrored, .plain):
            return mirrorPivot.isFinite ? .mirrored(pivot: mirrorPivot) : .plain
        case (.translated, .translated):
            return self
        case let (.translated, .mirrored(pivot)):
            return .translated(offset: (pivot - pointer) * 2)
        case (.translated, .plain):
            return .translated(offset: mirrorPivot.isFinite ? (mirrorPivot - pointer) * 2 : .zero)
        }
    }

    /// The grip of this mode with the pointer at `pointer`.
    func grip(pointer: Point) -> Grip {
        switch self {
        case .plain:
            return Grip(tracked: [pointer], source: .mouse)
        case let .mirrored(pivot):
            let mirror = pivot * 2 - pointer
            return Grip(tracked: [pointer, mirror], fixedCentre: pivot, source: .mouseMirrored)
        case let .translated(offset):
            return Grip(tracked: [pointer], drawn: [pointer, pointer + offset], source: .mouseTranslated)
        }
    }
}
