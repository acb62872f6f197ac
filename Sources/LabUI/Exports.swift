// What a program drawing the lab needs: the viewer whose state it draws.
@_exported import Viewer
