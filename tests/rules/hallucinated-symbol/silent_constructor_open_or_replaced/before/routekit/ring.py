from routekit.peer import Inherits, Made, Open, Wrapped
